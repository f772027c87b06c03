CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_alerts_sent" (
	"service_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"allowance" text NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_alerts_sent_service_id_period_start_allowance_threshold_pk" PRIMARY KEY("service_id","period_start","allowance","threshold")
);
--> statement-breakpoint
CREATE TABLE "usage_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_hash" text NOT NULL,
	"service_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"service_id" integer NOT NULL,
	"day" date NOT NULL,
	"peak" bigint NOT NULL,
	"offpeak" bigint NOT NULL,
	"unmetered" bigint NOT NULL,
	"shaped" bigint NOT NULL,
	"metered_down" bigint NOT NULL,
	"metered_up" bigint NOT NULL,
	"unmetered_down" bigint NOT NULL,
	"unmetered_up" bigint NOT NULL,
	"last_hour" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_daily_service_id_day_pk" PRIMARY KEY("service_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"service_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"peak" boolean NOT NULL,
	"metered_down" bigint NOT NULL,
	"metered_up" bigint NOT NULL,
	"unmetered_down" bigint NOT NULL,
	"unmetered_up" bigint NOT NULL,
	"shaped" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_hourly_service_id_hour_pk" PRIMARY KEY("service_id","hour")
) PARTITION BY RANGE ("hour");
-- Monthly partitions (usage_hourly_yYYYYmMM) are created by ingestion as data arrives
-- (modules/usage/partitions.ts). Edited by hand: drizzle-kit does not write PARTITION BY.
--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts_sent" ADD CONSTRAINT "usage_alerts_sent_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_codes" ADD CONSTRAINT "usage_codes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_codes_service_idx" ON "usage_codes" USING btree ("service_id");