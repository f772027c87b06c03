ALTER TABLE "advisories" ADD COLUMN "kind" text DEFAULT 'incident' NOT NULL;--> statement-breakpoint
UPDATE "advisories" SET "kind" = 'maintenance' WHERE "status" = 'Scheduled';--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_kind" CHECK ("advisories"."kind" in ('incident', 'maintenance'));