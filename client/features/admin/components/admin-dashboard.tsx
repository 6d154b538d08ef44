import { Container, Text, Title } from '@mantine/core';

/** Placeholder: the stats, management tables and security tab of spec point 2 come later. */
export function AdminDashboard() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} size="h2" mb="sm">
        Admin Dashboard
      </Title>
      <Text c="dimmed">Statistics, room and user management arrive here soon.</Text>
    </Container>
  );
}
