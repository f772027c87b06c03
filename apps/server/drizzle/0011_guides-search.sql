CREATE TABLE "guide_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "guide_categories_label_unique" UNIQUE("label")
);
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "position" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(body, '<[^>]*>', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "guides_search_idx" ON "guides" USING gin ("search");