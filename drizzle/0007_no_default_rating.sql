ALTER TABLE "bikes" ALTER COLUMN "rating" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "cars" ALTER COLUMN "rating" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "tour_packages" ALTER COLUMN "rating" SET DEFAULT 0;--> statement-breakpoint
-- A rating with 0 reviews is "no rating" (docs/decisions/006-display-fields.md): store it as 0, so an API client sending a record back is not refused. Rows with reviews (the seed's) keep their rating.
UPDATE "bikes" SET "rating" = 0 WHERE "review_count" = 0;--> statement-breakpoint
UPDATE "cars" SET "rating" = 0 WHERE "review_count" = 0;--> statement-breakpoint
UPDATE "tour_packages" SET "rating" = 0 WHERE "review_count" = 0;
