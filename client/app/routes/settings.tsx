import { BlockedPeople } from '../../features/direct/components/blocked-people';
import { AccountSettings } from '../../features/settings/components/account-settings';

export default function SettingsRoute() {
  return <AccountSettings preferences={<BlockedPeople />} />;
}
