import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { StatusPanel } from '../../components/ui/status-panel';

export default function NotFoundRoute() {
  return (
    <StatusPanel title="Page Not Found" text="There is nothing at this address.">
      <Button component={Link} to="/">
        Go to Home
      </Button>
    </StatusPanel>
  );
}
