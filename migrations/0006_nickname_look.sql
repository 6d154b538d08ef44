ALTER TABLE `memberships` ADD `nickname_look` text;--> statement-breakpoint
-- Members from before the column get the look of their nickname (worker/rooms/nickname-look.ts,
-- the same steps in the same order; char(1) holds a capital L apart while the rest is lowered),
-- except those who already look like another member of their room: they keep none (null), so
-- the unique index can be made, and both keep their names.
UPDATE `memberships` SET `nickname_look` =
  replace(replace(replace(replace(replace(lower(replace(replace(`nickname`, 'L', char(1)), 'I', 'l')), char(1), 'L'), '1', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')
WHERE NOT EXISTS (
  SELECT 1 FROM `memberships` AS `other`
  WHERE `other`.`room_id` = `memberships`.`room_id` AND `other`.`id` != `memberships`.`id`
    AND replace(replace(replace(replace(replace(lower(replace(replace(`other`.`nickname`, 'L', char(1)), 'I', 'l')), char(1), 'L'), '1', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')
      = replace(replace(replace(replace(replace(lower(replace(replace(`memberships`.`nickname`, 'L', char(1)), 'I', 'l')), char(1), 'L'), '1', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')
);--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_room_look_idx` ON `memberships` (`room_id`,`nickname_look`);--> statement-breakpoint
-- The Security tab counts the blocked and the watched addresses through these.
CREATE INDEX `ip_reputation_blocked_idx` ON `ip_reputation` (`blocked_until`);--> statement-breakpoint
CREATE INDEX `ip_reputation_score_idx` ON `ip_reputation` (`threat_score`);
