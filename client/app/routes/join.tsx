import { JoinScreen } from '../../features/join/components/join-screen';

export default function JoinRoute() {
  return <JoinScreen />;
}
