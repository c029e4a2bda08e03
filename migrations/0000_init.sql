CREATE TABLE `api_tokens` (
	`name` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`fleets` text DEFAULT '[]' NOT NULL,
	`scopes` text DEFAULT '[]' NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_secret_hash_idx` ON `api_tokens` (`secret_hash`);--> statement-breakpoint
CREATE TABLE `clusters` (
	`name` text PRIMARY KEY NOT NULL,
	`fleet` text NOT NULL,
	`role` text NOT NULL,
	`admin_cluster` text,
	`region` text NOT NULL,
	`release_channel` text NOT NULL,
	`autopilot` integer DEFAULT false NOT NULL,
	`spec_version` text NOT NULL,
	`status_version` text NOT NULL,
	`phase` text NOT NULL,
	`update_group` text,
	`maintenance` text,
	`deprecated_api_usage` integer DEFAULT false NOT NULL,
	`status_components` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fleet`) REFERENCES `fleets`(`name`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`admin_cluster`) REFERENCES `clusters`(`name`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `clusters_fleet_idx` ON `clusters` (`fleet`,`name`);--> statement-breakpoint
CREATE INDEX `clusters_admin_cluster_idx` ON `clusters` (`admin_cluster`);--> statement-breakpoint
CREATE TABLE `fleets` (
	`name` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text NOT NULL,
	`principal` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`body_hash` text NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`key`, `principal`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `machine_types` (
	`name` text PRIMARY KEY NOT NULL,
	`cpu_millis` integer NOT NULL,
	`memory_mib` integer NOT NULL,
	`gpus` integer DEFAULT 0 NOT NULL,
	`price_per_hour` real NOT NULL,
	`spot_price_per_hour` real,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `node_pools` (
	`cluster` text NOT NULL,
	`name` text NOT NULL,
	`machine_type` text NOT NULL,
	`zones` text NOT NULL,
	`node_count` integer NOT NULL,
	`version` text NOT NULL,
	`node_image` text NOT NULL,
	`max_pods_per_node` integer DEFAULT 110 NOT NULL,
	`spot` integer DEFAULT false NOT NULL,
	`flex_start` integer DEFAULT false NOT NULL,
	`autopilot_managed` integer DEFAULT false NOT NULL,
	`tpu` text,
	`autoscaling` text,
	`upgrade_strategy` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`cluster`, `name`),
	FOREIGN KEY (`cluster`) REFERENCES `clusters`(`name`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`machine_type`) REFERENCES `machine_types`(`name`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `node_pools_machine_type_idx` ON `node_pools` (`machine_type`);--> statement-breakpoint
CREATE TABLE `nodes` (
	`cluster` text NOT NULL,
	`name` text NOT NULL,
	`pool` text NOT NULL,
	`zone` text NOT NULL,
	`version` text NOT NULL,
	`node_image` text NOT NULL,
	`state` text NOT NULL,
	`color` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`cluster`, `name`),
	FOREIGN KEY (`cluster`,`pool`) REFERENCES `node_pools`(`cluster`,`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `nodes_cluster_pool_idx` ON `nodes` (`cluster`,`pool`,`name`);--> statement-breakpoint
CREATE TABLE `releases` (
	`name` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`targets` text NOT NULL,
	`versions` text DEFAULT '[]' NOT NULL,
	`node_images` text DEFAULT '[]' NOT NULL,
	`regions` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `releases_channel_created_idx` ON `releases` (`channel`,`created_at`,`name`);--> statement-breakpoint
CREATE TABLE `reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`zone` text NOT NULL,
	`machine_type` text NOT NULL,
	`count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`zone`) REFERENCES `zones`(`name`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`machine_type`) REFERENCES `machine_types`(`name`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `reservations_zone_idx` ON `reservations` (`zone`);--> statement-breakpoint
CREATE INDEX `reservations_machine_type_idx` ON `reservations` (`machine_type`);--> statement-breakpoint
CREATE TABLE `scope_memberships` (
	`cluster` text NOT NULL,
	`fleet` text NOT NULL,
	`scope` text NOT NULL,
	PRIMARY KEY(`cluster`, `fleet`, `scope`),
	FOREIGN KEY (`cluster`) REFERENCES `clusters`(`name`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fleet`,`scope`) REFERENCES `scopes`(`fleet`,`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scope_memberships_scope_idx` ON `scope_memberships` (`fleet`,`scope`,`cluster`);--> statement-breakpoint
CREATE TABLE `scopes` (
	`fleet` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`fleet`, `name`),
	FOREIGN KEY (`fleet`) REFERENCES `fleets`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sim_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`anchor_wall_ms` integer NOT NULL,
	`anchor_virtual_ms` integer NOT NULL,
	`speed` real NOT NULL,
	CONSTRAINT "sim_clock_single_row" CHECK("sim_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `sim_faults` (
	`id` text PRIMARY KEY NOT NULL,
	`match` text NOT NULL,
	`effect` text NOT NULL,
	`times` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `zones` (
	`name` text PRIMARY KEY NOT NULL,
	`region` text NOT NULL,
	`quota_nodes` integer,
	`quota_cpu_millis` integer,
	`quota_ips` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `zones_region_idx` ON `zones` (`region`);