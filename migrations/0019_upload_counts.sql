-- The upload quota counts uploads, not stored files (worker/files/upload-quota.ts): a file
-- deleted with its message no longer gave its place back, so upload, send and delete in a loop
-- stored without end. The last day's files are counted from the start.
CREATE TABLE `uploads_counted` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_id` text NOT NULL,
	`uploader_id` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_counted_uploader_idx` ON `uploads_counted` (`uploader_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_counted_file_idx` ON `uploads_counted` (`file_id`);--> statement-breakpoint
INSERT INTO `uploads_counted` (`file_id`, `uploader_id`, `size`, `created_at`)
SELECT `id`, `uploader_id`, `size`, `created_at` FROM `files`
WHERE `uploader_id` IS NOT NULL AND `created_at` > (CAST(strftime('%s', 'now') AS INTEGER) - 86400) * 1000;
