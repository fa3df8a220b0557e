ALTER TABLE "razorpay_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "razorpay_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "razorpay_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "razorpay_events" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Events recorded before the inbox were acted on in the delivery's own transaction.
UPDATE "razorpay_events" SET "processed_at" = "received_at";--> statement-breakpoint
CREATE INDEX "razorpay_events_waiting_idx" ON "razorpay_events" USING btree ("received_at") WHERE "razorpay_events"."processed_at" is null;