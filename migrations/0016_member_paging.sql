-- The member lists (the owner's GET /api/rooms/:roomId/members, and the nicknames '@' completes)
-- page in join order by (joined_at, id) from a cursor: each page is a range of this index, where
-- the lists used to read every member of the room to sort them (worker/rooms/member-lists.ts).
CREATE INDEX `memberships_room_joined_idx` ON `memberships` (`room_id`,`joined_at`,`id`);
