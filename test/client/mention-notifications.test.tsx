import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationLevel } from '../../contract/notifications';
import type { ChatMessage } from '../../contract/realtime';
import { useMessageNotifications } from '../../client/features/chat/hooks/use-message-notifications';
import { closePageNotifications } from '../../client/lib/page-notifications';

/** Every notification the page showed: its title and options. */
const shown: { title: string; options: NotificationOptions }[] = [];
const instances: FakeNotification[] = [];

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = async () => FakeNotification.permission;
  onclick: (() => void) | null = null;
  constructor(title: string, options: NotificationOptions) {
    shown.push({ title, options });
    instances.push(this);
  }
  closed = false;
  close() {
    this.closed = true;
  }
}

const message = (id: number, user: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  user,
  text: `<p>hello <span class="mention">@ada</span></p>`,
  messageType: 'user',
  createdAt: id,
  ...extra,
});

/** In a room whose level is 'all' unless told (an unknown level is tested with the levels). */
function notifier(level: NotificationLevel = 'all') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>{children}</MemoryRouter>
  );
  const { result } = renderHook(
    () => useMessageNotifications({ roomId: 'room-a', roomName: 'Lobby', nickname: 'ada', level }),
    { wrapper },
  );
  return result.current.notify;
}

/** The page as the person sees it: the tab shown or hidden, its window in front or not. */
function page(visibility: DocumentVisibilityState, focused: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  vi.spyOn(document, 'hasFocus').mockReturnValue(focused);
}

beforeEach(() => {
  shown.length = 0;
  instances.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
});

describe('a notification for a mention', () => {
  it('comes while the tab is shown but its window is behind another, titled so', () => {
    page('visible', false);
    const notify = notifier();
    notify(message(1, 'bob'));
    expect(shown).toHaveLength(0);
    notify(message(2, 'bob', { mentions: ['Ada'] }));
    expect(shown).toEqual([
      {
        title: 'bob mentioned you in Lobby',
        options: { body: 'bob: hello @ada', tag: 'chat-room-a-mention-2' },
      },
    ]);
  });

  it('comes in a hidden tab with its own title, where any message notifies', () => {
    page('hidden', false);
    const notify = notifier();
    notify(message(1, 'bob'));
    notify(message(2, 'bob', { mentions: ['ada'] }));
    expect(shown.map((entry) => entry.title)).toEqual(['Lobby', 'bob mentioned you in Lobby']);
    expect(shown[0]?.options.tag).toBe('chat-room-a');
  });

  it('does not come while the person is looking at the chat, nor when they muted it', () => {
    page('visible', true);
    notifier()(message(1, 'bob', { mentions: ['ada'] }));
    expect(shown).toHaveLength(0);

    // Muted: the room's notification level is 'off'.
    page('hidden', false);
    notifier('off')(message(2, 'bob', { mentions: ['ada'] }));
    expect(shown).toHaveLength(0);
  });

  it('never comes for the person’s own message', () => {
    page('hidden', false);
    notifier()(message(1, 'ADA', { mentions: ['ada'] }));
    expect(shown).toHaveLength(0);
  });
});

describe('signing out', () => {
  it('closes what the open app showed, so the next person does not read it', () => {
    page('hidden', false);
    const notify = notifier();
    notify(message(1, 'bob'));
    notify(message(2, 'bob', { mentions: ['ada'] }));
    expect(instances).toHaveLength(2);
    closePageNotifications();
    expect(instances.every((notification) => notification.closed)).toBe(true);
  });
});
