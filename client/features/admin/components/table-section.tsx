import type { ReactNode } from 'react';
import { Table, Title } from '@mantine/core';

interface TableSectionProps {
  /** The heading, which also names the table and its scrolling region. */
  title: string;
  titleId: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The table's Thead and Tbody. */
  children: ReactNode;
  /** Shown between the title and the table (a search box), and under it (paging). */
  above?: ReactNode;
  below?: ReactNode;
}

/**
 * A titled admin table. On narrow screens it scrolls, and a scrolling region must be reachable
 * by keyboard even when its rows have no buttons, hence the named, focusable container.
 */
export function TableSection({
  title,
  titleId,
  minWidth,
  children,
  above,
  below,
}: TableSectionProps) {
  return (
    <section>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {title}
      </Title>
      {above}
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
      >
        <Table striped aria-labelledby={titleId}>
          {children}
        </Table>
      </Table.ScrollContainer>
      {below}
    </section>
  );
}
