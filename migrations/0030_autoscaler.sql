CREATE TABLE `compute_classes` (
	`name` text PRIMARY KEY NOT NULL,
	`priorities` text NOT NULL,
	`active_migration` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `node_pools` ADD `compute_class` text;