CREATE TABLE "bikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"daily_rate" numeric(12, 2),
	"engine_capacity" text DEFAULT '' NOT NULL,
	"max_speed" text DEFAULT '' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"features" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"gear_type" text DEFAULT 'manual' NOT NULL,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"specifications" jsonb DEFAULT '{"weight":"","fuelCapacity":"","seatHeight":"","groundClearance":""}'::jsonb NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4.8 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"tag" text,
	"featured" boolean DEFAULT false NOT NULL,
	"discount_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bikes_model_not_blank" CHECK (length(trim("bikes"."model")) > 0),
	CONSTRAINT "bikes_daily_rate_not_negative" CHECK ("bikes"."daily_rate" is null or "bikes"."daily_rate" >= 0),
	CONSTRAINT "bikes_gear_type" CHECK ("bikes"."gear_type" in ('manual', 'automatic')),
	CONSTRAINT "bikes_tag" CHECK ("bikes"."tag" is null or "bikes"."tag" in ('Best Seller', 'Popular', 'New', 'Most Popular', 'Best Value', 'New Arrival')),
	CONSTRAINT "bikes_rating" CHECK ("bikes"."rating" between 0 and 5),
	CONSTRAINT "bikes_review_count" CHECK ("bikes"."review_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"package_id" uuid,
	"bike_id" uuid,
	"car_id" uuid,
	"item_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"adults" integer,
	"children" integer,
	"need_helmet" boolean,
	"need_driver" boolean,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_type" CHECK ("bookings"."type" in ('package', 'bike', 'car')),
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('pending', 'confirmed', 'rejected')),
	CONSTRAINT "bookings_dates" CHECK ("bookings"."end_date" is null or "bookings"."end_date" >= "bookings"."start_date"),
	CONSTRAINT "bookings_adults" CHECK ("bookings"."adults" is null or "bookings"."adults" >= 1),
	CONSTRAINT "bookings_children" CHECK ("bookings"."children" is null or "bookings"."children" >= 0),
	CONSTRAINT "bookings_item_matches_type" CHECK (("bookings"."type" = 'package' and "bookings"."bike_id" is null and "bookings"."car_id" is null)
        or ("bookings"."type" = 'bike' and "bookings"."package_id" is null and "bookings"."car_id" is null)
        or ("bookings"."type" = 'car' and "bookings"."package_id" is null and "bookings"."bike_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"daily_rate" numeric(12, 2),
	"capacity" text DEFAULT '4 Seater' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"features" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'suv' NOT NULL,
	"location" text DEFAULT 'Gangtok' NOT NULL,
	"transmission" text DEFAULT 'manual' NOT NULL,
	"ac" boolean DEFAULT true NOT NULL,
	"fuel_type" text DEFAULT 'petrol' NOT NULL,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"specifications" jsonb DEFAULT '{"mileage":"","fuelCapacity":"","bootSpace":"","engineSize":""}'::jsonb NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4.8 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"tag" text,
	"featured" boolean DEFAULT false NOT NULL,
	"discount_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_model_not_blank" CHECK (length(trim("cars"."model")) > 0),
	CONSTRAINT "cars_daily_rate_not_negative" CHECK ("cars"."daily_rate" is null or "cars"."daily_rate" >= 0),
	CONSTRAINT "cars_category" CHECK ("cars"."category" in ('suv', 'sedan', 'hatchback', 'luxury')),
	CONSTRAINT "cars_transmission" CHECK ("cars"."transmission" in ('manual', 'automatic')),
	CONSTRAINT "cars_fuel_type" CHECK ("cars"."fuel_type" in ('petrol', 'diesel', 'electric', 'hybrid')),
	CONSTRAINT "cars_tag" CHECK ("cars"."tag" is null or "cars"."tag" in ('Best Seller', 'Popular', 'New', 'Most Popular', 'Best Value', 'New Arrival')),
	CONSTRAINT "cars_rating" CHECK ("cars"."rating" between 0 and 5),
	CONSTRAINT "cars_review_count" CHECK ("cars"."review_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text,
	"message" text DEFAULT '' NOT NULL,
	"travel_date" date,
	"package_id" uuid,
	"package_title" text,
	"guests" text,
	"car_id" uuid,
	"car_model" text,
	"pickup_location" text,
	"dropoff_location" text,
	"bike_id" uuid,
	"bike_model" text,
	"rental_duration" text,
	"bike_count" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_type" CHECK ("inquiries"."type" in ('packages', 'cabs', 'rentals', 'contact')),
	CONSTRAINT "inquiries_status" CHECK ("inquiries"."status" in ('pending', 'completed', 'rejected')),
	CONSTRAINT "inquiries_bike_count" CHECK ("inquiries"."bike_count" is null or "inquiries"."bike_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"overview" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"duration" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'adventure' NOT NULL,
	"people" text DEFAULT '2-12 People' NOT NULL,
	"highlights" text[] DEFAULT '{}'::text[] NOT NULL,
	"itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date,
	"end_date" date,
	"max_persons" integer,
	"registration_number" text,
	"terms_and_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"accommodation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vehicle_type" text,
	"locations" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4.8 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"tag" text,
	"featured" boolean DEFAULT false NOT NULL,
	"discount_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_packages_title_not_blank" CHECK (length(trim("tour_packages"."title")) > 0),
	CONSTRAINT "tour_packages_price_not_negative" CHECK ("tour_packages"."price" >= 0),
	CONSTRAINT "tour_packages_category" CHECK ("tour_packages"."category" in ('adventure', 'cultural', 'rural', 'weekend', 'honeymoon', 'trekking')),
	CONSTRAINT "tour_packages_tag" CHECK ("tour_packages"."tag" is null or "tour_packages"."tag" in ('Best Seller', 'Popular', 'New', 'Most Popular', 'Best Value', 'New Arrival')),
	CONSTRAINT "tour_packages_rating" CHECK ("tour_packages"."rating" between 0 and 5),
	CONSTRAINT "tour_packages_review_count" CHECK ("tour_packages"."review_count" >= 0),
	CONSTRAINT "tour_packages_max_persons" CHECK ("tour_packages"."max_persons" is null or "tour_packages"."max_persons" > 0),
	CONSTRAINT "tour_packages_dates" CHECK ("tour_packages"."end_date" is null or "tour_packages"."start_date" is null or "tour_packages"."end_date" >= "tour_packages"."start_date")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_role" CHECK ("users"."role" in ('admin')),
	CONSTRAINT "users_username_format" CHECK ("users"."username" ~ '^[a-z0-9._-]{3,40}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_package_id_tour_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tour_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_package_id_tour_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tour_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bikes_available_idx" ON "bikes" USING btree ("available");--> statement-breakpoint
CREATE INDEX "bikes_created_at_idx" ON "bikes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_package_id_idx" ON "bookings" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "bookings_bike_id_idx" ON "bookings" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "bookings_car_id_idx" ON "bookings" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "cars_category_idx" ON "cars" USING btree ("category");--> statement-breakpoint
CREATE INDEX "cars_created_at_idx" ON "cars" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "inquiries_created_at_idx" ON "inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inquiries_package_id_idx" ON "inquiries" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "inquiries_car_id_idx" ON "inquiries" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "inquiries_bike_id_idx" ON "inquiries" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tour_packages_category_idx" ON "tour_packages" USING btree ("category");--> statement-breakpoint
CREATE INDEX "tour_packages_featured_idx" ON "tour_packages" USING btree ("featured");--> statement-breakpoint
CREATE INDEX "tour_packages_created_at_idx" ON "tour_packages" USING btree ("created_at");