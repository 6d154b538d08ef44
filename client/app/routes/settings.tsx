import { AccountSettings } from '../../features/settings/components/account-settings';

export default function SettingsRoute() {
  return <AccountSettings />;
}
