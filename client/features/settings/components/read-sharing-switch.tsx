import { Stack, Switch } from '@mantine/core';
import { RequestError } from '../../../components/ui/form-alerts';
import { useSession } from '../../../lib/session/use-session';
import { useUpdatePreferences } from '../api/update-preferences';

/**
 * 'Share when I have read messages': saved as soon as it is flipped, with no password, since
 * it gives nobody anything. While the change is on its way the switch shows what was asked,
 * and a second flip waits for the answer.
 */
export function ReadSharingSwitch() {
  const { user } = useSession();
  const update = useUpdatePreferences();
  const saved = user?.shareReads !== false;
  const checked = update.isPending ? update.variables.shareReads : saved;

  return (
    <Stack gap="xs">
      <Switch
        label="Share when I have read messages"
        description="Others see when you have read their messages, and you see when they have read yours."
        checked={checked}
        // Busy rather than disabled: a disabled switch drops the keyboard's focus to the page.
        aria-busy={update.isPending || undefined}
        onChange={(event) => {
          if (!update.isPending) update.mutate({ shareReads: event.currentTarget.checked });
        }}
      />
      <RequestError request={update} fallback="Could not save the setting. Please try again." />
    </Stack>
  );
}
