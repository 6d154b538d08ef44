import { AutoJoin } from '../../features/join/components/auto-join';

export default function AutoJoinRoute() {
  return <AutoJoin />;
}
