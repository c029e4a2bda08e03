ALTER TABLE `sim_clock` ADD `lease_wall_ms` integer;--> statement-breakpoint
ALTER TABLE `sim_clock` ADD `boot` text;
