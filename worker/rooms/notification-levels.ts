/** What the level in force needs from SQL, shared by GET /api/rooms and the room's own GET. */
import { sql } from 'drizzle-orm';
import { NOTIFY_ALL_MAX_MEMBERS } from '../../contract/notifications';
import { memberships } from '../db/schema';

/**
 * The room's members, counted no further than one past the size where the default level
 * changes (all that effectiveNotificationLevel needs), in the reading statement itself: a
 * bounded index read on memberships_room_user_idx, not a count of a big room's every member.
 * Only for a membership that has not chosen a level. For a query over `memberships` (not
 * aliased). The outer room id is spelled out, qualified: Drizzle writes a column of a one-table
 * query bare, and a bare `room_id` here would be room_members' own, counting every membership.
 */
export const membersUpToDefaultChange = sql<number | null>`case
  when ${memberships.notificationLevel} is null
  then (select count(*) from (select 1 from memberships as room_members
    where room_members.room_id = memberships.room_id limit ${NOTIFY_ALL_MAX_MEMBERS + 1}))
  end`;
