CREATE TABLE `audit_log` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`request_id` text NOT NULL,
	`actor_token_id` text,
	`actor_name` text,
	`actor_role` text,
	`method` text NOT NULL,
	`resource` text NOT NULL,
	`fleets` text DEFAULT '[]' NOT NULL,
	`status` integer NOT NULL,
	`replayed` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);