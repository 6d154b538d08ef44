import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { StatusPanel } from '../../components/ui/status-panel';

/** Placeholder: the create-or-join form of spec point 2 ('Join screen') comes later. */
export default function JoinRoute() {
  return (
    <StatusPanel title="Join a Room" text="Creating and joining rooms will be available here soon.">
      <Anchor component={Link} to="/">
        Back to your rooms
      </Anchor>
    </StatusPanel>
  );
}
