CREATE TABLE `executor_keys` (
	`fleet` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`fleet`) REFERENCES `fleets`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `token_watches` (
	`token` text NOT NULL,
	`object` text NOT NULL,
	`identity` text NOT NULL,
	PRIMARY KEY(`token`, `object`)
);
