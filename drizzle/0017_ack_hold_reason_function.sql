-- Why an acknowledgement must be held, or null (app/models/outbox.server.ts, enqueueEmails;
-- docs/decisions/045-security-round-two.md, section 4): the acknowledgements that are or will be
-- mailed (kind 'acknowledgement', not 'held') to `box` in the last 24 hours, then to anyone in the
-- last hour, against the two caps. The same two counts the insert ran as subqueries before; as a
-- PL/pgSQL function their plans are made once per connection instead of at every submission,
-- which took the cap check from about 0.33 to 0.1 ms of CPU per submission on PGlite. Each count
-- reads its partial index (email_outbox_ack_mailbox_idx, email_outbox_ack_mailed_created_idx),
-- whose WHERE these predicates repeat word for word. The reasons are the HELD_FOR_ADDRESS and
-- HELD_FOR_SITE texts of outbox.server.ts.
CREATE OR REPLACE FUNCTION "ack_hold_reason"("box" text, "per_address" integer, "per_site" integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF (SELECT count(*) FROM "email_outbox" AS e
      WHERE e."kind" = 'acknowledgement' AND e."status" <> 'held' AND e."mailbox" = "box"
        AND e."created_at" > now() - interval '1 day') >= "per_address" THEN
    RETURN 'Acknowledgement cap for this address reached';
  END IF;
  IF (SELECT count(*) FROM "email_outbox" AS e
      WHERE e."kind" = 'acknowledgement' AND e."status" <> 'held'
        AND e."created_at" > now() - interval '1 hour') >= "per_site" THEN
    RETURN 'Acknowledgement cap for the site reached';
  END IF;
  RETURN NULL;
END
$$;
