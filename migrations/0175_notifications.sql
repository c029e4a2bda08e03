CREATE TABLE `notification_deliveries` (
	`subscription` text NOT NULL,
	`event_id` text NOT NULL,
	`fleet` text NOT NULL,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`event` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`subscription`, `event_id`),
	FOREIGN KEY (`subscription`) REFERENCES `notification_subscriptions`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_deliveries_list` ON `notification_deliveries` (`subscription`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_updated` ON `notification_deliveries` (`updated_at`);--> statement-breakpoint
CREATE TABLE `notification_subscriptions` (
	`name` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`secret_box` text NOT NULL,
	`events` text NOT NULL,
	`fleets` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
