-- Trigram matching for the staff search (decision 051): a trusted extension, so the database's
-- owner may create it; PGlite loads it from its contrib bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "services_identifier_trgm_idx" ON "services" USING gin ("identifier" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "services_postcode_idx" ON "services" USING btree ("addr_postcode");--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_gist_idx" ON "accounts" USING gist ("name" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("given_names" || ' ' || "surname") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_trgm_gist_idx" ON "users" USING gist (("given_names" || ' ' || "surname") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_mobile_digits_trgm_idx" ON "users" USING gin ((regexp_replace(coalesce("mobile", ''), '[^0-9]', '', 'g')) gin_trgm_ops) WITH (fastupdate=false);