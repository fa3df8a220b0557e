DROP INDEX "email_outbox_kind_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_ack_mailbox_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_ack_mailed_created_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."kind" = 'acknowledgement' and "email_outbox"."status" <> 'held';--> statement-breakpoint
CREATE INDEX "email_outbox_ack_mailbox_idx" ON "email_outbox" USING btree (lower(regexp_replace(trim("to"), '[+][^@]*@', '@')),"created_at") WHERE "email_outbox"."kind" = 'acknowledgement' and "email_outbox"."status" <> 'held';