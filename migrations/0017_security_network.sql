-- The security log's bound per network (worker/security/event-rows.ts): an IPv6 event's /48,
-- so the holder of one cannot write each of its 65,536 /64s' hourly allowance of rows. Rows
-- written before have none, and count for no network.
ALTER TABLE `security_events` ADD `net` text;--> statement-breakpoint
CREATE INDEX `security_events_net_idx` ON `security_events` (`net`,`created_at`);