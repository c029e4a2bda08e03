CREATE TABLE `rollouts` (
	`group_key` text PRIMARY KEY NOT NULL,
	`fleet` text NOT NULL,
	`scope` text,
	`kind` text NOT NULL,
	`upstream` text,
	`default_soak_seconds` integer NOT NULL,
	`soak_overrides` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fleet`) REFERENCES `fleets`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rollouts_fleet_idx` ON `rollouts` (`fleet`);--> statement-breakpoint
CREATE INDEX `rollouts_upstream_idx` ON `rollouts` (`upstream`);