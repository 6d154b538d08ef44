import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMessageNotifications } from '../../client/features/chat/hooks/use-message-notifications';
import { outboxStorage } from '../../client/lib/outbox-storage';
import type { ChatMessage } from '../../contract/realtime';
import { join, openScreen, sent, withoutTickets } from './room-screen';

vi.mock('socket.io-client', () =>
  import('./fake-socket').then((m) => ({
    io: (...args: Parameters<typeof m.fakeSocketIoClient.io>) =>
      Object.assign(m.fakeSocketIoClient.io(...args), { active: true }),
  })),
);

withoutTickets();

/** An upload as its answer (and the outbox) describes it. */
const upload = (id: string, name = `${id}.jpg`, type = 'image/jpeg') => ({
  id,
  name,
  size: 2048,
  type,
});

describe('a message with files', () => {
  it('goes with its files’ ids, its words optional', () => {
    const { store, socket } = openScreen('room-f', 'acc-files');
    join(socket);
    const files = [upload('f-1'), upload('f-2', 'plan.pdf', 'application/pdf')];
    void store.send('', { files, replyTo: 4 });
    expect(store.getSnapshot().pending).toMatchObject([
      { text: '', files, replyTo: 4, status: 'sending' },
    ]);
    expect(sent(socket).map((emitted) => emitted.payload)).toEqual([
      {
        text: '',
        roomId: 'room-f',
        clientId: store.getSnapshot().pending[0]!.clientId,
        replyTo: 4,
        files: ['f-1', 'f-2'],
      },
    ]);
    // A message without files says nothing of them.
    void store.send('plain');
    sent(socket)[0]!.ack!({ id: 1 });
    expect(sent(socket)[1]!.payload).not.toHaveProperty('files');
    store.leave();
  });

  it('is kept with its files through a reload, and sent with them once', async () => {
    const { store, socket } = openScreen('room-f', 'acc-files-reload');
    join(socket);
    socket.receive('disconnect', 'transport close');
    void store.send('the photos', { files: [upload('f-9')] });
    const [typed] = store.getSnapshot().pending;
    store.close();

    const reopened = openScreen('room-f', 'acc-files-reload');
    await vi.waitFor(() =>
      expect(reopened.store.getSnapshot().pending).toEqual([
        {
          clientId: typed!.clientId,
          text: 'the photos',
          files: [upload('f-9')],
          status: 'sending',
        },
      ]),
    );
    join(reopened.socket);
    expect(sent(reopened.socket).map((emitted) => emitted.payload)).toEqual([
      { text: 'the photos', roomId: 'room-f', clientId: typed!.clientId, files: ['f-9'] },
    ]);
    sent(reopened.socket)[0]!.ack!({ id: 3 });
    await vi.waitFor(async () =>
      expect(await outboxStorage('acc-files-reload', 'room-f').load()).toEqual([]),
    );
    reopened.store.leave();
  });

  it('comes back to the box with its files when the room refuses it after a reload', async () => {
    const { store, socket } = openScreen('room-f', 'acc-files-refused');
    join(socket);
    socket.receive('disconnect', 'transport close');
    const photo = { ...upload('f-7', 'cat.jpg'), width: 640, height: 480 };
    void store.send('look', { files: [photo], replyTo: 5 });
    store.close();

    const reopened = openScreen('room-f', 'acc-files-refused');
    await vi.waitFor(() => expect(reopened.store.getSnapshot().pending).toHaveLength(1));
    join(reopened.socket);
    const refusal = 'The message you reply to is not in this room';
    sent(reopened.socket)[0]!.ack!({ error: refusal, code: 'message_not_found' });
    expect(reopened.store.takeReturned()).toEqual([
      { text: 'look', error: refusal, code: 'message_not_found', files: [photo] },
    ]);
    reopened.store.leave();
  });

  it('is not taken back from storage when its files are not uploads', async () => {
    const storage = outboxStorage('acc-files-bad', 'room-f');
    const now = Date.now();
    const bad = [7, { id: 'f-0', name: 'no size' }] as unknown as ReturnType<typeof upload>[];
    storage.save({ clientId: 'c-1', text: 'x', files: bad, createdAt: now });
    storage.save({ clientId: 'c-2', text: 'y', files: [upload('f-1')], createdAt: now + 1 });
    // Kept before files were kept whole: only their ids, which still send.
    const ids = ['f-2'] as unknown as ReturnType<typeof upload>[];
    storage.save({ clientId: 'c-3', text: 'z', files: ids, createdAt: now + 2 });
    await vi.waitFor(async () =>
      expect((await storage.load()).map(({ clientId, files }) => ({ clientId, files }))).toEqual([
        { clientId: 'c-2', files: [upload('f-1')] },
        {
          clientId: 'c-3',
          files: [{ id: 'f-2', name: 'Attached file', size: 0, type: 'application/octet-stream' }],
        },
      ]),
    );
  });
});

describe('a notification for a message of files alone', () => {
  const shown: { title: string; body?: string }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = async () => FakeNotification.permission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, body: options.body });
    }
    close() {}
  }

  it('says what the files are, as the room list does', () => {
    shown.length = 0;
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () =>
        useMessageNotifications({
          roomId: 'room-f',
          roomName: 'Lobby',
          nickname: 'ada',
          level: 'all',
        }),
      { wrapper },
    );
    const file = (name: string, type: string) => ({ id: name, name, size: 1, type, url: '/x' });
    const message = (id: number, files: ChatMessage['files'], text = ''): ChatMessage => ({
      id,
      user: 'bob',
      text,
      messageType: 'user',
      createdAt: id,
      files,
    });
    result.current.notify(message(1, [file('a.jpg', 'image/jpeg')]));
    result.current.notify(message(2, [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')]));
    result.current.notify(message(3, [file('plan.pdf', 'application/pdf')]));
    result.current.notify(message(4, [file('a.jpg', 'image/jpeg')], '<p>look</p>'));
    expect(shown.map((notification) => notification.body)).toEqual([
      'bob: Photo',
      'bob: 2 photos',
      'bob: File: plan.pdf',
      'bob: look',
    ]);
  });
});
