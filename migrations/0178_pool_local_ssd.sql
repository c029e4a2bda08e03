-- CA-3: a pool with Local SSDs as ephemeral storage does not scale up from 0 nodes below
-- control plane 1.24.5-gke.600 (seed 001). Existing pools have none.
ALTER TABLE `node_pools` ADD `local_ssd` integer DEFAULT false NOT NULL;
