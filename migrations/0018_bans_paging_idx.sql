-- A room's Removed list (GET /api/rooms/:roomId/bans) pages newest first by (banned_at, user_id)
-- from a cursor: each page is a range of this index, where the list used to sort every ban of
-- the room and stop at 500, so an owner with more could neither see nor lift the rest
-- (worker/rooms/room-bans.ts).
CREATE INDEX `room_bans_room_banned_idx` ON `room_bans` (`room_id`,`banned_at`,`user_id`);
