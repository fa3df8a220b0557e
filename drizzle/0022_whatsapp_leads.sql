CREATE TABLE "whatsapp_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_path" text NOT NULL,
	"item_type" text,
	"item_id" uuid,
	"item_name" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	CONSTRAINT "whatsapp_leads_code" CHECK ("whatsapp_leads"."code" ~ '^WA-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$'),
	CONSTRAINT "whatsapp_leads_item_type" CHECK ("whatsapp_leads"."item_type" is null or "whatsapp_leads"."item_type" in ('package', 'bike', 'car')),
	CONSTRAINT "whatsapp_leads_item" CHECK (("whatsapp_leads"."item_type" is null) = ("whatsapp_leads"."item_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "whatsapp_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "whatsapp_lead_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_leads_code_idx" ON "whatsapp_leads" USING btree ("code");--> statement-breakpoint
CREATE INDEX "whatsapp_leads_created_at_idx" ON "whatsapp_leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_leads_item_idx" ON "whatsapp_leads" USING btree ("item_type","item_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_whatsapp_lead_id_whatsapp_leads_id_fk" FOREIGN KEY ("whatsapp_lead_id") REFERENCES "public"."whatsapp_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_whatsapp_lead_id_whatsapp_leads_id_fk" FOREIGN KEY ("whatsapp_lead_id") REFERENCES "public"."whatsapp_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_whatsapp_lead_id_idx" ON "bookings" USING btree ("whatsapp_lead_id");--> statement-breakpoint
CREATE INDEX "inquiries_whatsapp_lead_id_idx" ON "inquiries" USING btree ("whatsapp_lead_id");