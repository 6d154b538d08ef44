import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Container, Group, Tabs, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSession } from '../../../lib/session/use-session';
import { DashboardTab } from './dashboard-tab';
import { SecurityTab } from './security-tab';

type AdminTab = 'dashboard' | 'security';

/**
 * The admin area, at / for administrators and at /admin. The Dashboard panel stays mounted so
 * a half-written broadcast survives a look at Security; the Security panel mounts each time
 * it opens, which is what makes it load fresh data then (spec: load when the tab opens).
 * 'display-none' rather than Mantine's default Activity keeps that the same in tests.
 */
export function AdminDashboard() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AdminTab>('dashboard');

  const handleLogout = async () => {
    await logout();
    void navigate('/login');
  };

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2">
          Admin Dashboard
        </Title>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void handleLogout()}
        >
          Logout
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'security' ? 'security' : 'dashboard')}
        keepMounted={false}
        keepMountedMode="display-none"
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="dashboard">Dashboard</Tabs.Tab>
          <Tabs.Tab value="security">Security</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dashboard" keepMounted>
          <DashboardTab />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
