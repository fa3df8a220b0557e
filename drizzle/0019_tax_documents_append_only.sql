-- Issued GST documents are never edited or removed (docs/decisions/047-invoices-gst.md#numbered-documents):
-- a mistake is corrected by a credit note and a new invoice. A series' counter only ever moves on by
-- one and is never removed, so no number is given twice. Drizzle cannot express triggers, so they live here.
CREATE FUNCTION tax_documents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued tax documents are never changed: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER tax_documents_no_update BEFORE UPDATE ON tax_documents FOR EACH ROW EXECUTE FUNCTION tax_documents_append_only();--> statement-breakpoint
CREATE TRIGGER tax_documents_no_delete BEFORE DELETE ON tax_documents FOR EACH ROW EXECUTE FUNCTION tax_documents_append_only();--> statement-breakpoint
CREATE FUNCTION tax_document_counters_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a tax document series counter is never removed' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.kind <> OLD.kind OR NEW.financial_year <> OLD.financial_year OR NEW.last_sequence <> OLD.last_sequence + 1 THEN
    RAISE EXCEPTION 'a tax document series counter only moves on by one' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tax_document_counters_no_delete BEFORE DELETE ON tax_document_counters FOR EACH ROW EXECUTE FUNCTION tax_document_counters_forward_only();--> statement-breakpoint
CREATE TRIGGER tax_document_counters_forward BEFORE UPDATE ON tax_document_counters FOR EACH ROW EXECUTE FUNCTION tax_document_counters_forward_only();
