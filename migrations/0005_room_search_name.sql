ALTER TABLE `rooms` ADD `search_name` text;--> statement-breakpoint
-- Rooms made before the column: folded as SQLite can (ASCII letters); new rooms get the
-- worker's full Unicode folding (worker/admin/search-text.ts).
UPDATE `rooms` SET `search_name` = lower(`name`);
