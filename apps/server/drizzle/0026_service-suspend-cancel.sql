ALTER TABLE "services" DROP CONSTRAINT "services_status";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "services_cancel_at_idx" ON "services" USING btree ("cancel_at") WHERE "services"."status" <> 'cancelled' and "services"."cancel_at" is not null;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_status" CHECK ("services"."status" in ('pending', 'active', 'suspended', 'cancelled'));