-- Web Push subscriptions (issue 35, docs/push.md): one row per browser that said yes, at most
-- 10 per account (the insert itself enforces it). The endpoint is unique: a browser re-posting
-- its subscription updates its row, and an endpoint another account had moves to the caller.
-- p256dh and auth are the browser's keys (base64url) that each push is encrypted to. The
-- account's deletion removes its rows; the user index serves the per-account bound and the
-- push consumer's join with a room's members.
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`,`created_at`);
