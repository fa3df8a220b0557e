-- Case-insensitive substring search (spec section 5: "Searches are case-insensitive substring matches")
-- runs as ILIKE '%q%'; trigram GIN indexes let PostgreSQL answer it without a full scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tour_packages_title_trgm_idx" ON "tour_packages" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tour_packages_location_trgm_idx" ON "tour_packages" USING gin ("location" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bikes_model_trgm_idx" ON "bikes" USING gin ("model" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bikes_description_trgm_idx" ON "bikes" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cars_model_trgm_idx" ON "cars" USING gin ("model" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cars_location_trgm_idx" ON "cars" USING gin ("location" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cars_description_trgm_idx" ON "cars" USING gin ("description" gin_trgm_ops);
