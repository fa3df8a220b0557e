ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE INDEX "email_outbox_kind_created_idx" ON "email_outbox" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_ack_mailbox_idx" ON "email_outbox" USING btree (lower(regexp_replace(trim("to"), '[+][^@]*@', '@')),"created_at") WHERE "email_outbox"."kind" = 'acknowledgement';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" in ('notification', 'acknowledgement', 'status'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed', 'held'));