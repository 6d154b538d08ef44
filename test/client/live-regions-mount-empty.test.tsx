import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShareMenu } from '../../client/features/share/components/share-menu';
import { createQueryClient } from '../../client/lib/query-client';
import { fakeApi, renderApp, testUser } from './render-app';
import { renderWithMantine } from './render-mantine';
import { watchLiveRegions } from './watch-live-regions';

// Some screen readers say what changes inside a live region they know, not a region that
// appears with its text already in: each of these mounts empty and takes its words after.
describe('status regions that appear with a notice', () => {
  let regions: ReturnType<typeof watchLiveRegions>;
  afterEach(() => regions.stop());

  it("says /login's 'Registration successful!' handed over after registering", async () => {
    fakeApi(null);
    regions = watchLiveRegions();
    renderApp('/login', { message: 'Registration successful! Please log in.' });

    const notice = await screen.findByText('Registration successful! Please log in.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(regions.textAtMount(notice)).toBe('');
  });

  it("says the share menu's 'New link ready' after an invite reset", async () => {
    fakeApi(null, (call) => {
      if (call.path === '/api/rooms/room-a/invite') {
        return { status: 200, body: { inviteUrl: '/invite?room=room-a', canManage: true } };
      }
      if (call.path === '/api/rooms/room-a/invite/reset') {
        return { status: 200, body: { inviteUrl: '/invite?room=room-a&invite=new' } };
      }
      return undefined;
    });
    regions = watchLiveRegions();
    renderWithMantine(
      <QueryClientProvider client={createQueryClient()}>
        <ShareMenu roomId="room-a" roomName="Book club" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const menu = await screen.findByRole('dialog', { name: 'Share "Book club"' });
    fireEvent.click(await within(menu).findByRole('button', { name: 'Reset invite link' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Reset link' }));

    const notice = await within(menu).findByText(/^New link ready\./);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(regions.textAtMount(notice)).toBe('');
  });

  it("says the join screen's notice that the room was deleted", async () => {
    fakeApi(testUser);
    regions = watchLiveRegions();
    renderApp('/join', { notice: 'This room was deleted.' });

    const notice = await screen.findByText('This room was deleted.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(regions.textAtMount(notice)).toBe('');
  });
});
