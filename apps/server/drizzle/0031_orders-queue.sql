ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('received', 'in-progress');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reason_check" CHECK (("orders"."status" = 'rejected') = ("orders"."reason" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('received', 'in-progress', 'completed', 'rejected'));