/**
 * The dashboard's 'WhatsApp leads' panel (docs/decisions/049-whatsapp-leads.md): per package, over
 * the last 30 days, the clicks on its Ask on WhatsApp links, and the inquiries, bookings and paid
 * bookings (ledger ≥ the quote's total) staff linked to those clicks by their code.
 */
import { Link } from 'react-router';

export type FunnelRow = { packageId: string; title: string; clicks: number; inquiries: number; bookings: number; paid: number };

export function WhatsappFunnel({ rows, days }: { rows: FunnelRow[]; days: number }) {
  return (
    <section aria-labelledby="dash-whatsapp" className="flex flex-col gap-3" data-panel="whatsapp-funnel">
      <h2 id="dash-whatsapp" className="font-sans text-sm font-semibold tracking-[0.08em] text-muted uppercase">
        WhatsApp leads by package, last {days} days
      </h2>
      <div className="card p-4 shadow-sm sm:p-5">
        {rows.length === 0 ? (
          <p className="text-sm text-muted">No clicks on a package's Ask on WhatsApp in the last {days} days.</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Clicks, inquiries, bookings and paid bookings per package</caption>
            <thead className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Package
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Clicks
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Inquiries
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Bookings
                </th>
                <th scope="col" className="py-2 pl-2 text-right">
                  Paid
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-forest-100">
              {rows.map((row) => (
                <tr key={row.packageId} data-package={row.packageId}>
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {row.title}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{row.clicks}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.inquiries}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.bookings}</td>
                  <td className="py-2 pl-2 text-right tabular-nums">{row.paid}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-3 text-xs text-muted">
          Each click gets a code in the chat's first message.{' '}
          <Link to="/admin/inquiries?tab=leads" className="font-semibold text-forest-800 underline">
            See all WhatsApp leads
          </Link>
        </p>
      </div>
    </section>
  );
}
