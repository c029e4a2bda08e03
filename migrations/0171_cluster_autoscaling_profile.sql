ALTER TABLE `clusters` ADD `autoscaling_profile` text;--> statement-breakpoint
-- CA-11: the profile is the cluster's now. A pool's stored `balanced` was the old schema
-- default (the behaviour of every Standard cluster), not an override: drop it, so the
-- pool follows its cluster's profile.
UPDATE `node_pools` SET `autoscaling` = json_remove(`autoscaling`, '$.profile') WHERE json_extract(`autoscaling`, '$.profile') = 'balanced';
