import { Link } from 'react-router';
import { Button, List, Text } from '@mantine/core';
import { StatusPanel } from '../../../components/ui/status-panel';

/** Spec point 2's 'Error Joining Room', with the server's reason when there is one. */
export function JoinFailure({ message }: { message: string }) {
  return (
    <StatusPanel title="Error Joining Room" text={message}>
      <Text>This could be because:</Text>
      <List ta="left">
        <List.Item>The room no longer exists</List.Item>
        <List.Item>You don&apos;t have permission to join</List.Item>
        <List.Item>There was a connection issue</List.Item>
      </List>
      <Button component={Link} to="/">
        Go to Home
      </Button>
    </StatusPanel>
  );
}
