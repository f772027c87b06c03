CREATE TABLE "service_period_totals" (
	"service_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"peak" bigint DEFAULT 0 NOT NULL,
	"offpeak" bigint DEFAULT 0 NOT NULL,
	"unmetered" bigint DEFAULT 0 NOT NULL,
	"block_peak_mb" integer DEFAULT 0 NOT NULL,
	"block_offpeak_mb" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_period_totals_service_id_period_start_pk" PRIMARY KEY("service_id","period_start")
);
--> statement-breakpoint
DROP INDEX "transactions_account_idx";--> statement-breakpoint
ALTER TABLE "service_period_totals" ADD CONSTRAINT "service_period_totals_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id","created_at","id");--> statement-breakpoint
-- Edited by hand from here: the block columns are kept by a trigger, so every way a purchase is
-- written (the portal, the seed, a provider's own tools) keeps the period's totals right.
CREATE FUNCTION "refresh_period_blocks"(sid integer, instant timestamp with time zone) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "service_period_totals" ("service_id", "period_start", "block_peak_mb", "block_offpeak_mb")
  SELECT s."id", p."start", coalesce(sum(b."peak_mb"), 0), coalesce(sum(b."offpeak_mb"), 0)
    FROM "services" s
   CROSS JOIN LATERAL (SELECT date_bin('30 days', instant, s."period_start") AS "start") p
    LEFT JOIN "data_block_purchases" b
      ON b."service_id" = s."id" AND b."purchased_at" >= p."start"
     AND b."purchased_at" < p."start" + interval '30 days'
   WHERE s."id" = sid
   GROUP BY s."id", p."start"
  ON CONFLICT ("service_id", "period_start") DO UPDATE
    SET "block_peak_mb" = excluded."block_peak_mb", "block_offpeak_mb" = excluded."block_offpeak_mb";
$$;
--> statement-breakpoint
CREATE FUNCTION "data_block_purchases_totals"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "refresh_period_blocks"(OLD."service_id", OLD."purchased_at");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "refresh_period_blocks"(NEW."service_id", NEW."purchased_at");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "data_block_purchases_totals"
  AFTER INSERT OR DELETE OR UPDATE OF "service_id", "purchased_at", "peak_mb", "offpeak_mb"
  ON "data_block_purchases" FOR EACH ROW EXECUTE FUNCTION "data_block_purchases_totals"();
--> statement-breakpoint
-- The totals of what is already stored (ingestion keeps the usage columns from now on).
INSERT INTO "service_period_totals" ("service_id", "period_start", "peak", "offpeak", "unmetered")
SELECT d."service_id", date_bin('30 days', d."day"::timestamp AT TIME ZONE 'Australia/Brisbane', s."period_start"),
       sum(d."peak"), sum(d."offpeak"), sum(d."unmetered")
  FROM "usage_daily" d JOIN "services" s ON s."id" = d."service_id"
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "service_period_totals" ("service_id", "period_start", "block_peak_mb", "block_offpeak_mb")
SELECT b."service_id", date_bin('30 days', b."purchased_at", s."period_start"),
       sum(b."peak_mb"), sum(b."offpeak_mb")
  FROM "data_block_purchases" b JOIN "services" s ON s."id" = b."service_id"
 GROUP BY 1, 2
ON CONFLICT ("service_id", "period_start") DO UPDATE
  SET "block_peak_mb" = excluded."block_peak_mb", "block_offpeak_mb" = excluded."block_offpeak_mb";
