import type { Db } from './db/client';
import type { RoomRow, SessionRow, UserRow } from './db/schema';

/** What every request handler can read from `c.env` and `c.var`. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by `requireUser` on routes that need a signed-in caller. */
    user: UserRow;
    session: SessionRow;
    /** Set by `requireRoomModerator` on routes about one room. */
    room: RoomRow;
  };
}
