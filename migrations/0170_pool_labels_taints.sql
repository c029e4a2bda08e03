ALTER TABLE `node_pools` ADD `labels` text;--> statement-breakpoint
ALTER TABLE `node_pools` ADD `taints` text;