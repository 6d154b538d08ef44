-- Revocable invites. A room with an invite code admits newcomers only by a link that carries
-- that code or a live one of `room_invites`; a room without one (null, every room before this)
-- still admits by its id alone, so links shared before keep working until the owner resets.
ALTER TABLE `rooms` ADD `invite_code` text;--> statement-breakpoint
CREATE TABLE `room_invites` (
	`code` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`created_by` text,
	`expires_at` integer,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `room_invites_room_idx` ON `room_invites` (`room_id`);
