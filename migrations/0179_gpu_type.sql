ALTER TABLE `machine_types` ADD `gpu_type` text;--> statement-breakpoint
-- CA-15: a compute-class rule naming a GPU type matches only machine types that name it;
-- one stored before this column names none and matches no typed rule. Where the machine
-- family fixes the GPU model (Compute Engine's accelerator-optimized series), fill it in;
-- others (an N1 with attached GPUs) stay unknown until a PUT names their gpuType.
UPDATE `machine_types` SET `gpu_type` = CASE
	WHEN `name` LIKE 'g2-%' THEN 'nvidia-l4'
	WHEN `name` LIKE 'a2-ultragpu-%' THEN 'nvidia-a100-80gb'
	WHEN `name` LIKE 'a2-%' THEN 'nvidia-tesla-a100'
	WHEN `name` LIKE 'a3-megagpu-%' THEN 'nvidia-h100-mega-80gb'
	WHEN `name` LIKE 'a3-highgpu-%' OR `name` LIKE 'a3-edgegpu-%' THEN 'nvidia-h100-80gb'
END WHERE `gpus` > 0 AND `gpu_type` IS NULL;
