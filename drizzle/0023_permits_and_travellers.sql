CREATE TABLE "booking_travellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"full_name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"nationality" text DEFAULT 'IN' NOT NULL,
	"id_type" text,
	"id_number" text DEFAULT '' NOT NULL,
	"passport_number" text DEFAULT '' NOT NULL,
	"visa_number" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"id_scan_key" text,
	"documents_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_travellers_position" CHECK ("booking_travellers"."position" >= 1),
	CONSTRAINT "booking_travellers_name_not_blank" CHECK (length(trim("booking_travellers"."full_name")) > 0),
	CONSTRAINT "booking_travellers_gender" CHECK ("booking_travellers"."gender" in ('female', 'male', 'other')),
	CONSTRAINT "booking_travellers_nationality" CHECK ("booking_travellers"."nationality" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "permit_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "permit_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "permit_scan_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "permit_deadline_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "permit_final_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour_packages" ADD COLUMN "permit_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_packages" ADD COLUMN "permit_documents_days_before" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_travellers_booking_position_idx" ON "booking_travellers" USING btree ("booking_id","position");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_permit_status" CHECK ("bookings"."permit_status" in ('documents_missing', 'documents_complete', 'applied', 'issued', 'not_needed'));--> statement-breakpoint
ALTER TABLE "tour_packages" ADD CONSTRAINT "tour_packages_permit_days_before" CHECK ("tour_packages"."permit_documents_days_before" between 1 and 90);