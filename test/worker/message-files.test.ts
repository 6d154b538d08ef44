/**
 * Files in the room object (issue 34): a send names uploads by id (the sender's own, to this
 * room, not sent before) and the message carries them; deleting the message deletes them from
 * R2 and D1; the room list says 'Photo' or 'File: …' for a message of files alone. The upload
 * route itself has its own tests (files-*.test.ts); here the room is told of uploads as the
 * route tells it.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MessageFiles, type RoomUpload } from '../../worker/chat/messages/message-files';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { fileKey } from '../../worker/files/file-key';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { fetchFile, objectExists, stored, uploaded } from './support/files';
import { eventsFor, flush, post, refusedWith, roomListEntry } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';

let uploads = 0;

/** An upload as the route makes it: the bytes in R2, the room told. */
async function upload(roomId: string, uploaderId: string, extra: Partial<RoomUpload> = {}) {
  uploads += 1;
  const file: RoomUpload = {
    id: `file${uploads}${crypto.randomUUID().slice(0, 8)}`,
    uploaderId,
    name: `photo-${uploads}.png`,
    size: 4,
    type: 'image/png',
    width: 40,
    height: 30,
    createdAt: Date.now(),
    ...extra,
  };
  await env.FILES.put(fileKey(roomId, file.id), new Uint8Array([1, 2, 3, 4]));
  await roomStub(env, roomId).fileUploaded(file);
  return file;
}

describe('files in messages', () => {
  it('carries the sender’s uploads once, with their url, and the text may be empty', async () => {
    const { roomId, a, b, owner, guest } = await ownerAndGuestJoined({ name: 'Files' });
    const photo = await upload(roomId, owner.user.id);
    const pdf = await upload(roomId, owner.user.id, {
      name: 'plan.pdf',
      type: 'application/pdf',
      width: undefined,
      height: undefined,
    });
    const sent = await post(a, roomId, '', { files: [photo.id, pdf.id] });
    expect(sent.text).toBe('');
    expect(sent.files).toEqual([
      {
        id: photo.id,
        name: photo.name,
        size: 4,
        type: 'image/png',
        width: 40,
        height: 30,
        url: `/api/files/${photo.id}`,
      },
      {
        id: pdf.id,
        name: 'plan.pdf',
        size: 4,
        type: 'application/pdf',
        url: `/api/files/${pdf.id}`,
      },
    ]);
    expect((await eventsFor(b, 'message', sent.id))[0]).toEqual(sent);

    // Once sent, a file is not the sender's to send again; another's upload never was.
    const again = await a.emit('sendMessage', { text: 'again', roomId, files: [photo.id] });
    expect(again).toEqual(refusedWith('file_not_found'));
    const theirs = await upload(roomId, guest.user.id);
    expect(await a.emit('sendMessage', { text: 'x', roomId, files: [theirs.id] })).toEqual(
      refusedWith('file_not_found'),
    );
    expect(await a.emit('sendMessage', { text: 'x', roomId, files: ['nope'] })).toEqual(
      refusedWith('file_not_found'),
    );
    // Five are more than a message takes; nothing at all is still empty.
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => upload(roomId, owner.user.id)));
    expect(
      await a.emit('sendMessage', { text: 'x', roomId, files: five.map((f) => f.id) }),
    ).toEqual(refusedWith('invalid_payload'));
    expect(await a.emit('sendMessage', { text: ' ', roomId, files: [] })).toEqual(
      refusedWith('empty_message'),
    );
    a.close();
    b.close();
  });

  it('refuses an upload older than a day, and one named twice in a send', async () => {
    const { roomId, a, b, owner } = await ownerAndGuestJoined({ name: 'Files' });
    const old = await upload(roomId, owner.user.id, { createdAt: Date.now() - 24 * 3600_000 });
    expect(await a.emit('sendMessage', { text: 'x', roomId, files: [old.id] })).toEqual(
      refusedWith('file_not_found'),
    );
    const fresh = await upload(roomId, owner.user.id);
    expect(await a.emit('sendMessage', { text: 'x', roomId, files: [fresh.id, fresh.id] })).toEqual(
      refusedWith('file_not_found'),
    );
    // Refused sends left it free.
    const sent = await post(a, roomId, 'now', { files: [fresh.id] });
    expect(sent.files).toHaveLength(1);
    a.close();
    b.close();
  });

  it('shows a message of files alone as Photo or File in the room list, and in a reply', async () => {
    const { roomId, a, b, owner, guest } = await ownerAndGuestJoined({ name: 'Files' });
    const photo = await upload(roomId, owner.user.id);
    const sent = await post(a, roomId, '', { files: [photo.id] });
    await flush(roomId);
    expect((await roomListEntry(guest.client, roomId))?.lastMessageExcerpt?.plainText).toContain(
      'Photo',
    );
    const reply = await post(b, roomId, 'nice', { replyTo: sent.id });
    expect(reply.replyTo).toEqual({ id: sent.id, user: 'Owner', excerpt: 'Photo' });
    const pdf = await upload(roomId, owner.user.id, { name: 'plan.pdf', type: 'application/pdf' });
    await post(a, roomId, '', { files: [pdf.id] });
    await flush(roomId);
    expect((await roomListEntry(guest.client, roomId))?.lastMessageExcerpt?.plainText).toContain(
      'File: plan.pdf',
    );
    a.close();
    b.close();
  });

  it('lets its author take a caption away by an edit, but not the words of a message without files', async () => {
    const { roomId, a, b, owner } = await ownerAndGuestJoined({ name: 'Files' });
    const photo = await upload(roomId, owner.user.id);
    const sent = await post(a, roomId, 'a caption', { files: [photo.id] });
    expect(await a.emit('editMessage', { roomId, messageId: sent.id, text: '  ' })).toEqual({});
    const [update] = await eventsFor(b, 'messageUpdated', sent.id);
    expect(update).toEqual({ id: sent.id, text: '', editedAt: expect.any(Number) });
    const words = await post(a, roomId, 'only words');
    expect(await a.emit('editMessage', { roomId, messageId: words.id, text: ' ' })).toEqual(
      refusedWith('empty_message'),
    );
    a.close();
    b.close();
  });

  it('tells D1 which message carries a file, though the object restarts before its flush', async () => {
    const { roomId, a, b, owner } = await ownerAndGuestJoined({ name: 'Files' });
    const fileId = await uploaded(owner.client, roomId, 'some words', { name: 'notes.txt' });
    const sent = await post(a, roomId, 'see', { files: [fileId] });
    // What an object started now (after a deploy, before the flush) has left to tell D1.
    const toTell = () =>
      runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) =>
        new MessageFiles(
          state.storage.sql,
          () => env.FILES,
          () => env.DB,
          () => roomId,
        ).takeSent(),
      );
    expect(await toTell()).toEqual(new Map([[fileId, sent.id]]));
    await flush(roomId);
    // Without it, the hourly clean-up would take the file for one never sent.
    expect((await stored(fileId)).row?.message_id).toBe(sent.id);
    expect(await toTell()).toEqual(new Map());
    a.close();
    b.close();
  });

  it('forgets uploads never sent once they are past sending, and keeps the sent ones', async () => {
    const { roomId, a, b, owner } = await ownerAndGuestJoined({ name: 'Files' });
    const day = 24 * 60 * 60_000;
    const forgotten = await upload(roomId, owner.user.id, { createdAt: Date.now() - day });
    const sent = await upload(roomId, owner.user.id);
    await post(a, roomId, 'kept', { files: [sent.id] });
    await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      state.storage.sql.exec('UPDATE uploads SET created_at = ? WHERE id = ?', 0, sent.id);
    });
    const fresh = await upload(roomId, owner.user.id);
    const ids = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) =>
      state.storage.sql
        .exec<{ id: string }>('SELECT id FROM uploads')
        .toArray()
        .map(({ id }) => id),
    );
    expect(ids.sort()).toEqual([sent.id, fresh.id].sort());
    expect(ids).not.toContain(forgotten.id);
    a.close();
    b.close();
  });

  it('gives a room made before the D1 mark its column on the next start', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Files' });
    const columns = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const sql = state.storage.sql;
      sql.exec('ALTER TABLE uploads DROP COLUMN d1_pending');
      new MessageFiles(
        sql,
        () => env.FILES,
        () => env.DB,
        () => roomId,
      );
      return sql
        .exec<{ name: string }>('PRAGMA table_info(uploads)')
        .toArray()
        .map(({ name }) => name);
    });
    expect(columns).toContain('d1_pending');
    a.close();
    b.close();
  });

  it('deletes a deleted message’s files from R2 and from the message', async () => {
    const { roomId, a, b, owner } = await ownerAndGuestJoined({ name: 'Files' });
    const photo = await upload(roomId, owner.user.id);
    const sent = await post(a, roomId, 'look', { files: [photo.id] });
    expect(await env.FILES.head(fileKey(roomId, photo.id))).not.toBeNull();
    expect(await a.emit('deleteMessage', { roomId, messageId: sent.id })).toEqual({});
    await eventsFor(b, 'messageDeleted', sent.id);
    await expect
      .poll(() => env.FILES.head(fileKey(roomId, photo.id)), { timeout: 5000 })
      .toBeNull();
    const history = await a.emit('loadHistory', { before: sent.id + 1 });
    const placeholder = (history.messages as { id: number; files?: unknown }[]).find(
      (message) => message.id === sent.id,
    );
    expect(placeholder).toMatchObject({ deleted: true, text: '' });
    expect(placeholder?.files).toBeUndefined();
    a.close();
    b.close();
  });

  it('serves nobody a deleted message’s file when R2 fails, and removes it on a later flush', async () => {
    const { roomId, a, b, owner, guest } = await ownerAndGuestJoined({ name: 'Files' });
    const fileId = await uploaded(owner.client, roomId, 'private words', { name: 'secret.txt' });
    const sent = await post(a, roomId, 'here', { files: [fileId] });
    await flush(roomId);
    expect((await fetchFile(guest.client, fileId)).status).toBe(200);
    const files = (room: ChatRoom) =>
      (room as unknown as { parts: { messages: { files: { bucket: () => unknown } } } }).parts
        .messages.files;
    const down = { delete: () => Promise.reject(new Error('R2 is down')) };
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      files(room).bucket = () => down;
    });

    expect(await a.emit('deleteMessage', { roomId, messageId: sent.id })).toEqual({});
    await eventsFor(b, 'messageDeleted', sent.id);
    // D1's row went first: the url answers nobody, though the bytes are still in R2.
    expect((await fetchFile(guest.client, fileId)).status).toBe(404);
    expect(await objectExists(roomId, fileId)).toBe(true);
    // A restart now still knows the removal is owed.
    const owed = () =>
      runInDurableObject(
        roomStub(env, roomId),
        (_room: ChatRoom, state) =>
          new MessageFiles(
            state.storage.sql,
            () => env.FILES,
            () => env.DB,
            () => roomId,
          ).removalsOwed,
      );
    expect(await owed()).toBe(true);

    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      files(room).bucket = () => env.FILES;
    });
    await flush(roomId);
    expect(await objectExists(roomId, fileId)).toBe(false);
    expect((await stored(fileId)).row).toBeNull();
    expect(await owed()).toBe(false);
    a.close();
    b.close();
  });

  it('tries a removal again in a while when D1 fails the summary flush too, with nobody left in the room', async () => {
    const { roomId, a, b, owner, guest } = await ownerAndGuestJoined({ name: 'Files' });
    const fileId = await uploaded(owner.client, roomId, 'private words', { name: 'secret.txt' });
    const sent = await post(a, roomId, 'here', { files: [fileId] });
    await flush(roomId);
    const reject = () => Promise.reject(new Error('D1 is down'));
    const statement = {
      bind: () => statement,
      first: reject,
      run: reject,
      all: reject,
      raw: reject,
    };
    const down = { prepare: () => statement, batch: reject, exec: reject };
    type Parts = {
      parts: { messages: { deps: { db: () => unknown }; files: { db: () => unknown } } };
    };
    const setDb = (db: () => unknown) =>
      runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
        const { messages } = (room as unknown as Parts).parts;
        messages.deps.db = db;
        messages.files.db = db;
      });
    await setDb(() => down);

    expect(await a.emit('deleteMessage', { roomId, messageId: sent.id })).toEqual({});
    await eventsFor(b, 'messageDeleted', sent.id);
    a.close();
    b.close();
    await expect
      .poll(() =>
        runInDurableObject(
          roomStub(env, roomId),
          (_room: ChatRoom, state) => state.getWebSockets().length,
        ),
      )
      .toBe(0);
    // The deletion's own flush: D1 refuses the summary, and with it the removal.
    expect(await flush(roomId)).toBe(true);

    // D1 is back. Nobody is in the room to bring another flush: the removal's own retry must.
    await setDb(() => env.DB);
    expect((await fetchFile(guest.client, fileId)).status).toBe(200);
    expect(await flush(roomId)).toBe(true);
    expect((await fetchFile(guest.client, fileId)).status).toBe(404);
    expect(await objectExists(roomId, fileId)).toBe(false);
  });
});
