-- Mentions and 'seen by' (issue 33). A membership keeps the newest message of the room that
-- mentions the member, written by the room's summary flush beside the room's newest message;
-- the room list marks a room while that mention is past the member's read position. Rooms
-- written before this mentioned nobody: 0.
ALTER TABLE `memberships` ADD `last_mention_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- 'Share when I have read messages', on unless the person turns it off.
ALTER TABLE `users` ADD `share_reads` integer DEFAULT 1 NOT NULL;
