ALTER TABLE "bookings" ADD COLUMN "traveller_state_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "traveller_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "traveller_gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "place_of_supply_code" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "rate_basis_points" integer;--> statement-breakpoint
CREATE INDEX "tax_documents_invoice_idx" ON "tax_documents" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_traveller_state_code" CHECK ("bookings"."traveller_state_code" is null or "bookings"."traveller_state_code" ~ '^[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_place_of_supply" CHECK (("tax_documents"."kind" = 'receipt') = ("tax_documents"."place_of_supply_code" is null));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_rate" CHECK (("tax_documents"."kind" = 'receipt') = ("tax_documents"."rate_basis_points" is null) and ("tax_documents"."rate_basis_points" is null or "tax_documents"."rate_basis_points" between 0 and 2800));