/**
 * The room sends `pins` (the pin gone) before it answers `unpinMessage`: by the time the Unpin
 * button's answer comes its row has left the dialog, and the focus must still go to the dialog
 * rather than fall to <body> with the detached button.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import type { Pin } from '../../contract/pins';
import { PinsButton } from '../../client/features/chat/pins/pins-button';
import { PinsProvider } from '../../client/features/chat/pins/pins-provider';
import { fakeRoom } from './fake-room';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

const pin = (id: number): Pin => ({
  id,
  user: 'bob',
  excerpt: `message ${id}`,
  createdAt: id,
  pinnedAt: 100 + id,
});

beforeEach(() => {
  stubIntersectionObserver();
});

it('moves the focus to the dialog when the pins event comes before the answer, as the room sends them', async () => {
  const fake = fakeRoom({ pins: [pin(2), pin(1)] });
  // worker/chat/room/pin-actions.ts: pins.unpin() broadcasts `pins`, then reply({}).
  fake.room.pin.mockImplementation(async () => {
    fake.set({ pins: [pin(2)] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ok: true as const };
  });
  renderWithMantine(
    <PinsProvider room={fake.room} allowed>
      <PinsButton room={fake.room} onPick={() => {}} />
    </PinsProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /pinned message/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
  const unpin = within(dialog).getByRole('button', { name: /^Unpin.*message 1/ });
  unpin.focus();
  fireEvent.click(unpin);
  await waitFor(() => expect(fake.room.pin).toHaveBeenCalledWith(1, false));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(document.activeElement).toBe(dialog);
});
