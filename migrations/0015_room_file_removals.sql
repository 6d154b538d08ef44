-- Deleted rooms whose files' objects may still be in R2 (worker/room-removal/delete-room.ts):
-- written in the batch that deletes the room, removed once nothing is left under its prefix;
-- the hourly clean-up finishes the rest. (The snapshot beside this file is the whole schema as
-- it now stands, including the tables of 0012 to 0014, which were written by hand.)
CREATE TABLE `room_file_removals` (
	`room_id` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
