/**
 * A room object waking up (after hibernation, or in a connect storm) only reads its storage:
 * SQLite counts `CREATE TABLE IF NOT EXISTS` as a write even when the table is there, and the
 * runtime ends an event that wrote in a commit.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { ReadPositions } from '../../worker/chat/messages/read-positions';
import { RoomBans } from '../../worker/chat/room/ban-list';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { TicketVoids } from '../../worker/chat/room/ticket-voids';
import { signedInClient } from './support/api';
import { createRoom } from './support/rooms';

const WRITE = /^\s*(CREATE|INSERT|UPDATE|DELETE|ALTER|DROP|REPLACE)\b/i;

describe('a room waking up', () => {
  it('makes its tables once, then only reads them', async () => {
    const owner = await signedInClient();
    const stub = roomStub(env, await createRoom(owner.client, 'Light sleeper', 'Owner'));
    const statements = await runInDurableObject(stub, (_room: ChatRoom, state) => {
      const seen: string[] = [];
      const sql = state.storage.sql;
      // The object made its tables when it started; these are the same parts waking again.
      const recording = new Proxy(sql, {
        get(target, key) {
          if (key !== 'exec') return Reflect.get(target, key);
          return (query: string, ...bindings: unknown[]) => {
            seen.push(query);
            return target.exec(query, ...bindings);
          };
        },
      });
      new RoomBans(recording).has('nobody');
      new TicketVoids(recording);
      new ReadPositions(recording).position('nobody');
      return seen;
    });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => WRITE.test(statement))).toEqual([]);
  });
});
