-- Files shared in rooms (issue 34). The bytes are in R2 at rooms/<room_id>/<id>; a row says
-- whose upload it is, to which room, what it is (the type sniffed from the bytes) and, once a
-- message carries it, which message (written by the room object). The indexes serve the daily
-- quota (an uploader's rows of the last 24 hours), the hourly removal of uploads never sent
-- (message_id NULL, oldest first) and the cascade of a room's deletion.
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`uploader_id` text,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`type` text NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`message_id` integer,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `files_uploader_idx` ON `files` (`uploader_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `files_unsent_idx` ON `files` (`message_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `files_room_idx` ON `files` (`room_id`);
