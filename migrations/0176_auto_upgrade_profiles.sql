CREATE TABLE `auto_upgrade_profiles` (
	`fleet` text NOT NULL,
	`name` text NOT NULL,
	`strategy` text NOT NULL,
	`channel` text NOT NULL,
	`target_kubernetes_version` text,
	`node_image_selection` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`last_run` text,
	`last_goal` text,
	`last_generated_at` integer,
	`reason` text,
	`checked_at` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`fleet`, `name`),
	FOREIGN KEY (`fleet`) REFERENCES `fleets`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auto_upgrade_profiles_due` ON `auto_upgrade_profiles` (`disabled`,`checked_at`);