CREATE TABLE "callback_team_capacity" (
	"team" text PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_staff_id" integer,
	CONSTRAINT "callback_team_capacity_check" CHECK ("callback_team_capacity"."capacity" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "booked_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "outcome_staff_id" integer;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD COLUMN "rebooked_to_id" integer;--> statement-breakpoint
ALTER TABLE "callback_slot_seats" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "callback_team_capacity" ADD CONSTRAINT "callback_team_capacity_updated_by_staff_id_staff_members_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD CONSTRAINT "callback_bookings_booked_by_staff_id_staff_members_id_fk" FOREIGN KEY ("booked_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD CONSTRAINT "callback_bookings_outcome_staff_id_staff_members_id_fk" FOREIGN KEY ("outcome_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_bookings_team_slot_idx" ON "callback_bookings" USING btree ("team","slot_start");--> statement-breakpoint
ALTER TABLE "callback_bookings" ADD CONSTRAINT "callback_bookings_outcome_check" CHECK ("callback_bookings"."outcome" is null or "callback_bookings"."outcome" in ('called', 'no_answer', 'rebooked', 'cancelled'));--> statement-breakpoint
ALTER TABLE "callback_slot_seats" ADD CONSTRAINT "callback_slot_seats_capacity_check" CHECK ("callback_slot_seats"."capacity" is null or "callback_slot_seats"."capacity" between 0 and 100);