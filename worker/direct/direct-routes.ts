/**
 * Private conversations (docs/direct-messages.md), mounted at /api: open one from a room with
 * someone named by their nickname there or as a message's author (POST /rooms/:roomId/direct),
 * block its other person and end it (POST /rooms/:roomId/block), and the caller's blocks
 * (GET /blocks, DELETE /blocks/:blockId).
 */
import { Hono } from 'hono';
import {
  DIRECT_ROOM_NAME,
  directMessages,
  openDirectBody,
  type BlockResponse,
  type BlocksResponse,
  type OpenDirectResponse,
} from '../../contract/direct';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { messageAuthor, roomCreated } from '../room-calls/room-rpc';
import { locationHintFor } from '../rooms/location-hint';
import { enforceLimit } from '../security/guards';
import { blockInConversation, listBlocks, unblock } from './block-person';
import type { DirectTarget } from './direct-target';
import { openDirect } from './open-direct';

/** Far beyond anyone's use; a script opening conversations with a whole room stops here. */
const OPENS_PER_HOUR = 60;

/** A block's id is a UUID (block-person.ts); anything else is not looked up. */
const BLOCK_ID = /^[0-9a-f-]{36}$/;

function validRoomId(roomId: string | undefined): string {
  if (!roomId || !roomIdSchema.safeParse(roomId).success) {
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  return roomId;
}

// The session check sits on each route: on `use` it would also answer unknown paths 401.
export const directRoutes = new Hono<AppEnv>()
  .post('/rooms/:roomId/direct', requireUser, validateJson(openDirectBody), async (c) => {
    const fromRoomId = validRoomId(c.req.param('roomId'));
    // Per account, never scored: one person's many conversations say nothing of their address.
    await enforceLimit(
      c,
      {
        name: 'direct-open',
        key: `direct-open:${c.var.user.id}`,
        max: OPENS_PER_HOUR,
        windowMs: 60 * 60_000,
      },
      { score: 'never' },
    );
    const { nickname, messageId } = c.req.valid('json');
    // The body has exactly one of the two (contract/direct.ts).
    const target: DirectTarget =
      messageId === undefined
        ? { nickname: nickname! }
        : { messageAuthor: () => messageAuthor(c.env, fromRoomId, messageId) };
    const { created, ...opened } = await openDirect(c.var.db, c.var.user, fromRoomId, target);
    // Made near whoever opens it; if this fails the room's object is made on first use.
    if (created) {
      await roomCreated(
        c.env,
        opened.roomId,
        DIRECT_ROOM_NAME,
        locationHintFor(c.req.raw.cf),
      ).catch((error: unknown) => console.error('[direct] room object', error));
    }
    return c.json({ ...opened, created } satisfies OpenDirectResponse, created ? 201 : 200);
  })
  .post('/rooms/:roomId/block', requireUser, async (c) => {
    const roomId = validRoomId(c.req.param('roomId'));
    await blockInConversation(c.env, c.var.db, roomId, c.var.user);
    return c.json({
      success: true,
      message: 'Blocked. The conversation has ended for both of you.',
    } satisfies BlockResponse);
  })
  .get('/blocks', requireUser, async (c) => {
    return c.json({ blocks: await listBlocks(c.var.db, c.var.user) } satisfies BlocksResponse);
  })
  .delete('/blocks/:blockId', requireUser, async (c) => {
    const blockId = c.req.param('blockId');
    if (!BLOCK_ID.test(blockId)) throw new ApiError(404, directMessages.blockNotFound);
    await unblock(c.var.db, c.var.user, blockId);
    return c.json({ success: true, message: 'Unblocked.' });
  });
