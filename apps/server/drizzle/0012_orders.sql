CREATE TABLE "barring_options" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"service_id" integer,
	"user_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"ticket_id" integer NOT NULL,
	"monthly_cents" integer,
	"price_cents" integer,
	"agreement" text,
	"agreed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('call-barring', 'landline-options', 'product', 'landline-transfer', 'voip-transfer', 'new-voip')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('received', 'in-progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "service_barring" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_telephony_values" (
	"service_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	"value" text NOT NULL,
	"billable" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_telephony_values_service_id_feature_id_pk" PRIMARY KEY("service_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "telephony_features" (
	"id" integer PRIMARY KEY NOT NULL,
	"feature" text NOT NULL,
	"label" text NOT NULL,
	"section" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"range" jsonb,
	"default_value" text NOT NULL,
	"requires" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"permissions" jsonb NOT NULL,
	"voip_only" boolean DEFAULT false NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "telephony_features_feature_unique" UNIQUE("feature")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_barring" ADD CONSTRAINT "service_barring_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_barring" ADD CONSTRAINT "service_barring_mode_barring_options_value_fk" FOREIGN KEY ("mode") REFERENCES "public"."barring_options"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_telephony_values" ADD CONSTRAINT "service_telephony_values_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_telephony_values" ADD CONSTRAINT "service_telephony_values_feature_id_telephony_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."telephony_features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "orders_service_kind_idx" ON "orders" USING btree ("service_id","kind","status");