/**
 * The dashboard's "Permit documents missing" list (docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard):
 * confirmed bookings whose documents' deadline has come while their permit status is still
 * 'documents missing', soonest travel first, each linking to the booking. Nothing when none.
 */
import { Stamp } from 'lucide-react';
import { Link } from 'react-router';

export type PermitMissingItem = { id: string; name: string; itemName: string; travel: string; dueOn: string };

export function PermitMissing({ items, total }: { items: PermitMissingItem[]; total: number }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="dash-permits"
      className="flex flex-col gap-3 rounded-card border-2 border-marigold/50 bg-status-pending-bg p-4 shadow-sm sm:p-5"
      data-panel="permit-documents-missing"
    >
      <h2 id="dash-permits" className="flex items-center gap-2 font-sans text-base font-semibold text-status-pending-fg">
        <Stamp className="size-5" aria-hidden />
        Permit documents missing ({total})
      </h2>
      <p className="text-sm text-ink">
        The travellers' IDs and photos for these trips were due and have not all come in. The traveller gets a reminder e-mail.
      </p>
      <ul className="flex flex-col gap-2">
        {items.map((b) => (
          <li key={b.id} className="rounded-lg bg-white px-3 py-2">
            <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-ink underline-offset-2 hover:underline">
              {b.name}: {b.itemName}
            </Link>
            <span className="block text-sm text-muted">
              Travel {b.travel} · documents were due {b.dueOn}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
