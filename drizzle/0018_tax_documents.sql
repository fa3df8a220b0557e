CREATE TABLE "tax_document_counters" (
	"kind" text NOT NULL,
	"financial_year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "tax_document_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "tax_document_counters_kind" CHECK ("tax_document_counters"."kind" in ('receipt', 'invoice', 'credit_note')),
	CONSTRAINT "tax_document_counters_sequence" CHECK ("tax_document_counters"."last_sequence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"prefix" text NOT NULL,
	"financial_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid,
	"invoice_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer DEFAULT 0 NOT NULL,
	"sgst_paise" integer DEFAULT 0 NOT NULL,
	"igst_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" in ('receipt', 'invoice', 'credit_note')),
	CONSTRAINT "tax_documents_sequence" CHECK ("tax_documents"."sequence" >= 1),
	CONSTRAINT "tax_documents_number_length" CHECK (char_length("tax_documents"."number") between 1 and 16),
	CONSTRAINT "tax_documents_amounts" CHECK ("tax_documents"."taxable_paise" >= 0 and "tax_documents"."cgst_paise" >= 0 and "tax_documents"."sgst_paise" >= 0 and "tax_documents"."igst_paise" >= 0 and "tax_documents"."total_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" and "tax_documents"."total_paise" <= 1000000000),
	CONSTRAINT "tax_documents_receipt_payment" CHECK (("tax_documents"."kind" = 'receipt') = ("tax_documents"."payment_id" is not null)),
	CONSTRAINT "tax_documents_credit_note_invoice" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_idx" ON "tax_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_idx" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_payment_idx" ON "tax_documents" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "tax_documents_booking_idx" ON "tax_documents" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_at_idx" ON "tax_documents" USING btree ("issued_at");