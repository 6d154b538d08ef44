CREATE TABLE `ip_reputation` (
	`ip` text PRIMARY KEY NOT NULL,
	`threat_score` real NOT NULL,
	`scored_at` integer NOT NULL,
	`violation_count` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`blocked_until` integer
);
--> statement-breakpoint
CREATE INDEX `ip_reputation_last_seen_idx` ON `ip_reputation` (`last_seen`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_idx` ON `rate_limit_hits` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_type` text NOT NULL,
	`ip` text NOT NULL,
	`user_id` text,
	`details` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `security_events_created_idx` ON `security_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `security_events_type_idx` ON `security_events` (`event_type`,`created_at`);