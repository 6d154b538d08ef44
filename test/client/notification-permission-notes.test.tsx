/**
 * The bell's menu tells what the browser's answer means, there and then: the menu stays open
 * while the browser asks, a refusal says it is blocked, and a browser that cannot take pushes
 * (no Push API, a private window) says that notifications will come only while the app is open.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationMenu } from '../../client/features/chat/components/notification-menu';
import { useMessageNotifications } from '../../client/features/chat/hooks/use-message-notifications';
import { notePushAvailability } from '../../client/lib/push-availability';
import { subscribeToPush } from '../../client/lib/push-subscription';
import { renderWithMantine } from './render-mantine';

vi.mock('../../client/lib/push-subscription', () => ({
  subscribeToPush: vi.fn(async () => true),
  unsubscribeFromPush: vi.fn(async () => {}),
}));

/** The browser's answer to the permission's question, and whether it was asked. */
const browser = vi.hoisted(() => ({ answer: 'granted' as NotificationPermission }));
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = browser.answer;
    return browser.answer;
  });
}

/** The chat header's bell as the chat screen wires it. */
function Bell() {
  const notifications = useMessageNotifications({
    roomId: 'r',
    roomName: 'Lobby',
    nickname: 'ada',
    level: 'all',
  });
  return (
    <NotificationMenu
      level="all"
      chosen
      onChoose={() => {}}
      permission={notifications.permission}
      pushUnavailable={notifications.pushUnavailable}
      onAllow={() => void notifications.allow()}
    />
  );
}

const blocked = "Notifications are blocked in this browser's site settings";
const pushless =
  'Notifications show only while the app is open: this browser cannot get them when it is closed';

async function allowFromTheMenu() {
  renderWithMantine(
    <MemoryRouter>
      <Bell />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Notifications: All messages' }));
  await userEvent.click(
    screen.getByRole('menuitem', { name: 'Allow notifications in this browser' }),
  );
}

beforeEach(() => {
  FakeNotification.permission = 'default';
  vi.stubGlobal('Notification', FakeNotification);
  vi.mocked(subscribeToPush).mockResolvedValue(true);
  notePushAvailability(true);
});

describe('the bell’s menu after the browser answers', () => {
  it('says at once that notifications are blocked when the browser refuses', async () => {
    browser.answer = 'denied';
    await allowFromTheMenu();

    const menu = screen.getByRole('menu');
    expect(await within(menu).findByText(blocked)).toBeTruthy();
    // Also said out loud, from a live region beside the menu.
    expect(screen.getAllByText(blocked)).toHaveLength(2);
    expect(screen.queryByRole('menuitem', { name: /Allow notifications/ })).toBeNull();
    // Still open, with the focus on the level in force rather than lost with the item.
    const checked = screen.getByRole('menuitemradio', { name: 'All messages' });
    await waitFor(() => expect(document.activeElement).toBe(checked));
    expect(subscribeToPush).not.toHaveBeenCalled();
  });

  it('says that notifications come only while the app is open when push is unavailable', async () => {
    browser.answer = 'granted';
    vi.mocked(subscribeToPush).mockImplementation(async () => {
      notePushAvailability(false);
      return false;
    });
    await allowFromTheMenu();

    expect(await within(screen.getByRole('menu')).findByText(pushless)).toBeTruthy();
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(3);
  });

  it('says so after a reload too, when only the session’s start has learnt it', async () => {
    FakeNotification.permission = 'granted';
    // The session's subscription at the start found a browser that cannot take pushes.
    notePushAvailability(false);
    renderWithMantine(
      <MemoryRouter>
        <Bell />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notifications: All messages' }));
    expect(await within(screen.getByRole('menu')).findByText(pushless)).toBeTruthy();
  });

  it('says nothing more when push could be set up', async () => {
    browser.answer = 'granted';
    await allowFromTheMenu();

    await waitFor(() => expect(subscribeToPush).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    expect(screen.queryByText(pushless)).toBeNull();
    expect(screen.queryByText(blocked)).toBeNull();
  });
});
