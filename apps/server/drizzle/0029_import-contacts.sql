ALTER TABLE "import_runs" ADD COLUMN "contacts_created" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "contacts_unchanged" integer DEFAULT 0 NOT NULL;