import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

interface StatusPanelProps {
  title: string;
  text?: ReactNode;
  children?: ReactNode;
}

/** A centred panel with a heading: access denied, invitations, and screens still to come. */
export function StatusPanel({ title, text, children }: StatusPanelProps) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" ta="center">
          <Title order={1} size="h2">
            {title}
          </Title>
          {text && <Text>{text}</Text>}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
