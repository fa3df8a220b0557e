-- The ledger is append-only (docs/decisions/046-payments.md#the-ledger): a payment, refund or
-- reversal, once written, is never changed or removed, whatever code or console tries. A mistake is
-- corrected by a reversal entry. Drizzle cannot express triggers, so they live here.
CREATE FUNCTION payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the payments ledger is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER payments_no_update BEFORE UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION payments_append_only();--> statement-breakpoint
CREATE TRIGGER payments_no_delete BEFORE DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_append_only();
