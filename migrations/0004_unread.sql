ALTER TABLE `memberships` ADD `last_read_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rooms` ADD `last_message_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rooms and members start where they are: message_count is the newest id as of the last flush,
-- and existing members have nothing unread until the next message.
UPDATE `rooms` SET `last_message_id` = `message_count`;--> statement-breakpoint
UPDATE `memberships` SET `last_read_id` = (SELECT `message_count` FROM `rooms` WHERE `rooms`.`room_id` = `memberships`.`room_id`);
