/**
 * Admin pages that the back office part 2 builds (bookings, booking detail, inquiries, location,
 * settings, profile): guarded like every admin page, with a short note of what is coming.
 */
import { Clock } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { requireAdmin } from '~/lib/auth.server';

const PAGES: Record<string, { title: string; text: string }> = {
  bookings: { title: 'Bookings', text: 'Search, confirm and reject bookings, and see each vehicle’s calendar.' },
  inquiries: { title: 'Inquiries', text: 'Read every inquiry and contact message, reply and mark it completed.' },
  location: { title: 'Location', text: 'Set the office map: coordinates, zoom, title and address.' },
  settings: { title: 'Settings', text: 'Company details, banners, rating texts and policies.' },
  profile: { title: 'Profile', text: 'Your name, password, sessions and two-factor sign-in.' },
  outbox: { title: 'Outbox', text: 'Notification e-mails with their status; resend a failed one.' },
  audit: { title: 'Audit log', text: 'Who changed what, and when.' },
  staff: { title: 'Staff', text: 'Add staff accounts, reset a password, disable an account.' },
};

export async function loader({ request }: { request: Request }) {
  await requireAdmin(request);
  return null;
}

export function meta({ location }: { location: { pathname: string } }) {
  const key = location.pathname.split('/')[2] ?? '';
  return adminMeta(PAGES[key]?.title ?? 'Admin');
}

export default function ComingNext() {
  const key = useLocation().pathname.split('/')[2] ?? '';
  const page = PAGES[key] ?? { title: 'Admin', text: '' };
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title={page.title} />
      <div className="flex flex-col items-start gap-4 rounded-card border border-forest-100 bg-white p-6 shadow-sm sm:flex-row">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-forest-50 text-forest-700">
          <Clock className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="font-sans text-lg font-semibold">Coming next</h2>
          <p className="mt-1 text-muted">{page.text} This page arrives with the next part of the back office.</p>
          <Link to="/admin" className={buttonClass('outline', 'md', 'mt-4')}>
            Back to the dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
