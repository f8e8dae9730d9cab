CREATE TABLE `check_in_actions` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`accelerator` text NOT NULL,
	`daily_action` text NOT NULL,
	`done` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `date`, `accelerator`),
	FOREIGN KEY (`user_id`,`date`) REFERENCES `check_ins`(`user_id`,`date`) ON UPDATE no action ON DELETE cascade
);
