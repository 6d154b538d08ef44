import type { ReactNode } from 'react';
import { Container, Paper, Title } from '@mantine/core';

/** The centred card every account screen sits in; the title is the page's h1. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
