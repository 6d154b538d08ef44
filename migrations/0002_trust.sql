CREATE TABLE `login_addresses` (
	`user_id` text NOT NULL,
	`ip` text NOT NULL,
	`last_success_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `ip`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_addresses_seen_idx` ON `login_addresses` (`last_success_at`);--> statement-breakpoint
CREATE TABLE `room_bans` (
	`room_id` text NOT NULL,
	`user_id` text NOT NULL,
	`nickname` text NOT NULL,
	`banned_by` text,
	`banned_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`room_id`, `user_id`),
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `socket_addresses` (
	`ip` text NOT NULL,
	`room_id` text NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`ip`, `room_id`)
);
--> statement-breakpoint
CREATE INDEX `socket_addresses_seen_idx` ON `socket_addresses` (`seen_at`);