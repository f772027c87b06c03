CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_by_staff_id" integer,
	"created_by_key_id" integer,
	"file_sha256" text NOT NULL,
	"total_rows" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"invite" boolean NOT NULL,
	"accounts_created" integer DEFAULT 0 NOT NULL,
	"accounts_updated" integer DEFAULT 0 NOT NULL,
	"services_created" integer DEFAULT 0 NOT NULL,
	"services_unchanged" integer DEFAULT 0 NOT NULL,
	"file" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_status" CHECK ("import_runs"."status" in ('invalid', 'running', 'failed', 'done'))
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_staff_id_staff_members_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_file_idx" ON "import_runs" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "services_identifier_upper_idx" ON "services" USING btree (upper("identifier"));