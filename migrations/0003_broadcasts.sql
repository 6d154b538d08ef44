CREATE TABLE `broadcast_steps` (
	`broadcast_id` text NOT NULL,
	`step` text NOT NULL,
	PRIMARY KEY(`broadcast_id`, `step`),
	FOREIGN KEY (`broadcast_id`) REFERENCES `broadcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `broadcasts` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text,
	`message_type` text NOT NULL,
	`html` text NOT NULL,
	`total` integer NOT NULL,
	`queued` integer DEFAULT 0 NOT NULL,
	`parts_pending` integer NOT NULL,
	`delivered` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rooms_created_idx` ON `rooms` (`created_at`,`room_id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
-- The admin stats' counters start from the tables as they are; from here on every write that
-- adds or removes a user, a room or messages changes them in the same batch.
INSERT INTO `counters` (`name`, `value`) SELECT 'users', COUNT(*) FROM `users`;--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`) SELECT 'rooms', COUNT(*) FROM `rooms`;--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`) SELECT 'messages', COALESCE(SUM(`message_count`), 0) FROM `rooms`;
