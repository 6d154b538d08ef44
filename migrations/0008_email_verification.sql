-- Written by hand (docs/email-verification.md). A null email_verified_at is an address nobody has
-- proved control of yet.
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Accounts from before verification existed count as verified, as of their sign-up, so nothing
-- changes for them (their owners were never asked for a link).
UPDATE `users` SET `email_verified_at` = `created_at`;--> statement-breakpoint
CREATE TABLE `email_verifications` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verifications_user_idx` ON `email_verifications` (`user_id`);--> statement-breakpoint
CREATE INDEX `email_verifications_expires_idx` ON `email_verifications` (`expires_at`);--> statement-breakpoint
CREATE TABLE `pending_signups` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`nickname` text NOT NULL,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`password_iterations` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_signups_email_idx` ON `pending_signups` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `pending_signups_expires_idx` ON `pending_signups` (`expires_at`);
