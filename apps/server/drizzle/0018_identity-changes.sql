CREATE TABLE "pending_contact_changes" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_contact_changes_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "pending_contact_changes" ADD CONSTRAINT "pending_contact_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_person_uq" ON "users" USING btree (lower(trim("email"))) WHERE "users"."role_status" <> 'Removed';--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_person_uq" ON "users" USING btree (nullif(regexp_replace("mobile", '[^0-9]', '', 'g'), '')) WHERE "users"."role_status" <> 'Removed';