-- A log that cannot be drowned (worker/security/event-rows.ts). A refusal from a caller with
-- no session adds to one row per address, kind and hour, named by `bucket`, instead of a row
-- each: `count` is how many events a row stands for, `last_at` the newest of them (the
-- Security tab lists by it). Every row before this stands for one event, at its own time.
ALTER TABLE `security_events` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `security_events` ADD `last_at` integer;--> statement-breakpoint
ALTER TABLE `security_events` ADD `bucket` text;--> statement-breakpoint
UPDATE `security_events` SET `last_at` = `created_at`;--> statement-breakpoint
CREATE UNIQUE INDEX `security_events_bucket_idx` ON `security_events` (`bucket`);--> statement-breakpoint
-- The rows one address added in the last hour are counted through this (the hourly bound).
CREATE INDEX `security_events_ip_idx` ON `security_events` (`ip`,`created_at`);--> statement-breakpoint
CREATE INDEX `security_events_last_idx` ON `security_events` (`last_at`);
