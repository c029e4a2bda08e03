CREATE TABLE `token_watches` (
	`token` text NOT NULL,
	`object` text NOT NULL,
	`identity` text NOT NULL,
	PRIMARY KEY(`token`, `object`)
);
