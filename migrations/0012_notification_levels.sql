-- Notification levels (issue 35): what a member chose for a room, 'all', 'mentions' or 'off'.
-- NULL: not chosen, so the room's size decides (contract/notifications.ts): 'all' up to 10
-- members, 'mentions' above.
ALTER TABLE `memberships` ADD `notification_level` text;
