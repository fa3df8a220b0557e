CREATE TABLE "drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"licence_number" text NOT NULL,
	"licence_expires_on" date NOT NULL,
	"languages" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_name_not_blank" CHECK (length(trim("drivers"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "trip_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"car_id" uuid,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"pickup_time" text NOT NULL,
	"pickup_place" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_assignments_days" CHECK ("trip_assignments"."ends_on" >= "trip_assignments"."starts_on"),
	CONSTRAINT "trip_assignments_pickup_time" CHECK ("trip_assignments"."pickup_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_created_at_idx" ON "drivers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trip_assignments_booking_idx" ON "trip_assignments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "trip_assignments_driver_idx" ON "trip_assignments" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "trip_assignments_car_idx" ON "trip_assignments" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "trip_assignments_starts_on_idx" ON "trip_assignments" USING btree ("starts_on");--> statement-breakpoint
-- Hand-written below this line (Drizzle cannot express these); see docs/decisions/048-trip-operations.md.
-- btree_gist was enabled by 0003; asked for again so this migration stands on its own.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- No driver drives two trips on overlapping days, and no car is given to two: an assignment covers
-- starts_on to ends_on inclusive. The database refuses the second of two concurrent assignments
-- (SQLSTATE 23P01), whatever the application checked before.
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_driver_no_overlap" EXCLUDE USING gist (
	"driver_id" WITH =,
	daterange("starts_on", "ends_on", '[]') WITH &&
);
--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_car_no_overlap" EXCLUDE USING gist (
	"car_id" WITH =,
	daterange("starts_on", "ends_on", '[]') WITH &&
) WHERE ("car_id" IS NOT NULL);
