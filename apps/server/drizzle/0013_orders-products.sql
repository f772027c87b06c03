CREATE TABLE "phone_providers" (
	"technology" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "phone_providers_technology_value_pk" PRIMARY KEY("technology","value"),
	CONSTRAINT "phone_providers_technology_check" CHECK ("phone_providers"."technology" in ('Landline', 'VOIP'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"article" text NOT NULL,
	"price_cents" integer NOT NULL,
	"rrp_cents" integer NOT NULL,
	"image" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "products_article_unique" UNIQUE("article"),
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('router', 'mesh', 'handset')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" > 0 and "products"."rrp_cents" >= "products"."price_cents")
);
