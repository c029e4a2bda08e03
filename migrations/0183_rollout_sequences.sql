CREATE TABLE `rollout_sequence_fleets` (
	`fleet` text PRIMARY KEY NOT NULL,
	`sequence` text NOT NULL,
	FOREIGN KEY (`fleet`) REFERENCES `fleets`(`name`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`sequence`) REFERENCES `rollout_sequences`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rollout_sequence_fleets_sequence_idx` ON `rollout_sequence_fleets` (`sequence`);--> statement-breakpoint
CREATE TABLE `rollout_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`display_name` text,
	`labels` text,
	`stages` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `clusters` ADD `labels` text;