CREATE TABLE `sim_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`durations` text NOT NULL,
	`jitter` real DEFAULT 0 NOT NULL,
	`rejection_delay_seconds` integer DEFAULT 5 NOT NULL,
	CONSTRAINT "sim_settings_single_row" CHECK("sim_settings"."id" = 1)
);
