-- Direct messages (issue 35): a private conversation is a room of two whose `direct_pair` is
-- the two members' user ids, sorted and joined by ':'. The unique index makes the first use
-- atomic: two people clicking 'Message privately' at once make one room (INSERT ... ON
-- CONFLICT DO NOTHING). NULL for every ordinary room (NULLs never collide in a unique index).
ALTER TABLE `rooms` ADD `direct_pair` text;--> statement-breakpoint
CREATE UNIQUE INDEX `rooms_direct_pair_idx` ON `rooms` (`direct_pair`);--> statement-breakpoint
-- A block, from the person who made it to the person blocked: while one exists in either
-- direction, neither can open a private conversation with the other. `blocked_nickname` is
-- the name the blocker knew them by, for the list they may unblock from.
CREATE TABLE `user_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`blocked_nickname` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `user_blocks_pair_idx` ON `user_blocks` (`blocker_id`,`blocked_id`);--> statement-breakpoint
CREATE INDEX `user_blocks_blocked_idx` ON `user_blocks` (`blocked_id`);
