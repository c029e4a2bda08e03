ALTER TABLE `node_pools` ADD `queued_provisioning` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `node_pools` ADD `uid` text DEFAULT '' NOT NULL;