CREATE TABLE `object_wakeups` (
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`due` integer NOT NULL,
	PRIMARY KEY(`kind`, `name`)
);
--> statement-breakpoint
CREATE INDEX `object_wakeups_due` ON `object_wakeups` (`due`);