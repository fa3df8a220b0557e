DROP INDEX "email_outbox_ack_mailbox_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "mailbox" text;--> statement-breakpoint
-- Acknowledgements queued before this migration get their mailbox as app/models/outbox.server.ts
-- mailboxKey computes it (lower-case, trimmed, the first +tag of the local part removed).
UPDATE "email_outbox" SET "mailbox" = lower(regexp_replace(trim("to"), '[+][^@]*@', '@')) WHERE "kind" = 'acknowledgement';--> statement-breakpoint
CREATE INDEX "email_outbox_ack_mailbox_idx" ON "email_outbox" USING btree ("mailbox","created_at") WHERE "email_outbox"."kind" = 'acknowledgement' and "email_outbox"."status" <> 'held';