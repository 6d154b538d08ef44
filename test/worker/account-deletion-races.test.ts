/**
 * An account's deletion ends the person's sockets in the rooms their memberships name, which go
 * with the account. A room joined while the deletion ran (from another tab, as the uploads were
 * removed) must be among them: the join and a socket in it are driven in before the deletion's
 * batch, so the interleaving is the same on every run.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../worker/db/client';
import { deleteAccount } from '../../worker/users/delete-account';
import { signedInClient } from './support/api';
import { d1BeforeBatch } from './support/held-d1';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

describe('a room joined while the account is being deleted', () => {
  it("ends the person's socket there too, and leaves no membership", async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Late arrival', 'Owner');
    const target = await signedInClient();
    let socket: TestSocket | undefined;
    const db = openDb(
      d1BeforeBatch(async () => {
        expect((await joinRoom(target.client, roomId, 'Leaver')).status).toBe(200);
        socket = await TestSocket.joined(target.client, roomId, 'Leaver');
      }),
    );

    expect(await deleteAccount(env, db, target.user.id)).toBe(true);
    await socket!.waitForClose();
    const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?')
      .bind(target.user.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
  });
});
