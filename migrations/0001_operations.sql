CREATE TABLE `operations` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`fleet` text NOT NULL,
	`cluster` text NOT NULL,
	`pool` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operations_target_idx` ON `operations` (`cluster`,`pool`,`created_at`);