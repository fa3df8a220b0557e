/**
 * The admin area's navigation (a neutral, dense back office with a left sidebar): Dashboard, the catalogue
 * (Packages, Bikes, Cars), requests (Bookings, Inquiries), trips (Duty sheet, Calendar, Drivers), the site (Location, Settings), activity
 * (Accounts, Outbox, Razorpay events, Audit log), the account (Profile) and Log Out, with the
 * signed-in user's name, the site name and a 'View site' link. Links a role may not open (the site's
 * settings, Accounts, Staff; app/lib/permissions.ts) are not shown to it.
 *
 * From 768 px it is a fixed column on the left, as tall as the window: the account group (the user,
 * Profile, Staff and Log Out) is pinned at its foot, and on short windows (a 1280 × 720 laptop) the
 * rows get denser; if the links still do not fit, only the links above the account group scroll, so
 * Staff and Log Out are always in view. Below 768 px it folds into a top bar whose menu button
 * is a native <details>/<summary> disclosure, so it opens and closes with the keyboard before (and
 * without) JavaScript; once hydrated, Escape closes it (focus back on the button), a click outside
 * closes it, and it closes after every navigation. The current page's link has aria-current="page".
 */
import {
  Stamp,
  Bike,
  CalendarCheck,
  CalendarRange,
  Car,
  ClipboardList,
  ExternalLink,
  History,
  IdCard,
  LayoutDashboard,
  LogOut,
  Mail,
  MapPin,
  Menu,
  MessageSquareText,
  Mountain,
  ReceiptIndianRupee,
  Settings,
  UserRound,
  UsersRound,
  Webhook,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import { can, type Permission } from '~/lib/permissions';

export type AdminUser = { name: string; username: string; role?: string };

/** New items waiting for staff (pending bookings and inquiries), shown as a count beside their links. */
export type AdminCounts = { bookings: number; inquiries: number };

/** A link; with `permission`, shown only to a role that holds it (app/lib/permissions.ts). */
type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean; count?: keyof AdminCounts; permission?: Permission };

/** The sidebar's links in groups; the first group has no heading. */
export const ADMIN_NAV: { label?: string; items: NavItem[] }[] = [
  { items: [{ to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true }] },
  {
    label: 'Catalogue',
    items: [
      { to: '/admin/packages', label: 'Packages', icon: Mountain },
      { to: '/admin/bikes', label: 'Bikes', icon: Bike },
      { to: '/admin/cars', label: 'Cars', icon: Car },
    ],
  },
  {
    label: 'Requests',
    items: [
      { to: '/admin/bookings', label: 'Bookings', icon: CalendarCheck, count: 'bookings' },
      { to: '/admin/inquiries', label: 'Inquiries', icon: MessageSquareText, count: 'inquiries' },
    ],
  },
  {
    label: 'Trips',
    items: [
      { to: '/admin/duty', label: 'Duty sheet', icon: ClipboardList },
      { to: '/admin/manifest', label: 'Permit manifest', icon: Stamp },
      { to: '/admin/calendar', label: 'Calendar', icon: CalendarRange },
      { to: '/admin/drivers', label: 'Drivers', icon: IdCard },
    ],
  },
  {
    label: 'Site',
    items: [
      { to: '/admin/location', label: 'Location', icon: MapPin, permission: 'settings' },
      { to: '/admin/settings', label: 'Settings', icon: Settings, permission: 'settings' },
    ],
  },
  {
    label: 'Activity',
    items: [
      // The month's GST documents and money: admin role only (app/routes/admin/accounts.tsx).
      { to: '/admin/accounts', label: 'Accounts', icon: ReceiptIndianRupee, permission: 'accounts' },
      { to: '/admin/outbox', label: 'Outbox', icon: Mail },
      // Admin role only, as the settings are (app/routes/admin/payments-events.tsx).
      { to: '/admin/payments/events', label: 'Razorpay events', icon: Webhook, permission: 'settings' },
      { to: '/admin/audit', label: 'Audit log', icon: History },
    ],
  },
];

/** The account's own page, shown with the signed-in user at the foot of the sidebar. */
const PROFILE_ITEM: NavItem = { to: '/admin/profile', label: 'Profile', icon: UserRound };
/** Staff accounts: shown to the admin role only (docs/decisions/004-staff-authentication.md#roles). */
const STAFF_ITEM: NavItem = { to: '/admin/staff', label: 'Staff', icon: UsersRound };

// `short-screen:` (app/app.css): desktop windows under 800 px tall get denser rows (26 px, above
// WCAG 2.2's 24 px target size), so the whole sidebar of an admin, Accounts included, fits at 1280 × 720.
const itemClass = 'flex min-h-11 items-center gap-3 rounded-lg px-3 text-[0.9375rem] font-medium transition-colors md:min-h-10 short-screen:min-h-[1.625rem]';

/**
 * The link list, with group headings, and the account group (the signed-in user, Profile and Log Out)
 * last; rendered once in the desktop column and once in the phone menu.
 */
function AdminNavLinks({ user, counts }: { user: AdminUser | null; counts?: AdminCounts | null }) {
  const baseId = useId();
  return (
    <nav aria-label="Admin" className="flex flex-1 flex-col gap-3 md:min-h-0 md:gap-2">
      <div className="flex flex-col gap-3 md:-mx-1 md:min-h-0 md:flex-1 md:gap-2 md:overflow-y-auto md:px-1 short-screen:gap-1">
        {ADMIN_NAV.map((group, g) => {
          const items = group.items.filter((item) => !item.permission || can(user?.role, item.permission));
          if (items.length === 0) return null;
          const headingId = `${baseId}-group-${g}`;
          return (
            <div key={group.label ?? g}>
              {group.label ? <GroupHeading id={headingId}>{group.label}</GroupHeading> : null}
              <ul className="flex flex-col gap-0.5" aria-labelledby={group.label ? headingId : undefined}>
                {items.map((item) => (
                  <li key={item.to}>
                    <AdminNavLink item={item} count={item.count && counts ? counts[item.count] : 0} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      <div className="mt-auto shrink-0 border-t border-forest-100 pt-3 short-screen:pt-2">
        <GroupHeading id={`${baseId}-account`}>Account</GroupHeading>
        {user ? (
          <p className="flex min-w-0 items-center gap-3 px-3 py-1.5 text-sm leading-tight short-screen:py-0.5">
            <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-forest-100 text-xs font-semibold text-forest-800">
              {initials(user.name || user.username)}
            </span>
            <span className="min-w-0">
              <span className="block text-xs text-muted short-screen:sr-only">Signed in as</span>
              <span className="block truncate font-semibold text-ink">{user.name || user.username}</span>
            </span>
          </p>
        ) : null}
        <ul className="flex flex-col gap-0.5" aria-labelledby={`${baseId}-account`}>
          <li>
            <AdminNavLink item={PROFILE_ITEM} />
          </li>
          {user?.role === 'admin' ? (
            <li>
              <AdminNavLink item={STAFF_ITEM} />
            </li>
          ) : null}
          <li>
            {/* A POST form, so signing out works without JavaScript and no link can trigger it. */}
            <Form method="post" action="/admin/logout">
              <button type="submit" className={cn(itemClass, 'w-full text-[#a93226] hover:bg-flag-red/10')}>
                <LogOut className="size-5 shrink-0" aria-hidden />
                Log Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </nav>
  );
}

function GroupHeading({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mb-1 px-3 text-xs font-semibold tracking-[0.08em] text-muted uppercase short-screen:mb-0.5">
      {children}
    </p>
  );
}

function AdminNavLink({ item: { to, label, icon: Icon, end }, count = 0 }: { item: NavItem; count?: number }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => cn(itemClass, isActive ? 'bg-forest-700 text-white shadow-sm' : 'text-ink hover:bg-forest-50 hover:text-forest-800')}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {label}
      {count > 0 ? (
        <span
          className="ml-auto min-w-6 rounded-full bg-marigold px-1.5 text-center text-xs leading-5 font-bold text-ink"
          data-testid={`nav-count-${to.split('/').pop()}`}
        >
          {count > 99 ? '99+' : count}
          <span className="sr-only"> new</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/** Up to two initials of a display name, for the avatar circle. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return letters.map((p) => p[0]!.toUpperCase()).join('') || '?';
}

/** Site name with the 'Admin' label, and the 'View site' link. */
function Brand({ siteName }: { siteName: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Link to="/admin" className="flex min-w-0 items-center gap-2.5 rounded-lg px-1 py-1">
        <img src="/favicon.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
        <span className="min-w-0 leading-tight">
          <span className="line-clamp-2 block font-display text-base font-semibold text-forest-800">{siteName}</span>
          <span className="block text-xs font-semibold tracking-[0.08em] text-muted uppercase">Back office</span>
        </span>
      </Link>
      <ViewSiteLink />
    </div>
  );
}

function ViewSiteLink({ className }: { className?: string }) {
  return (
    <a
      href="/"
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-semibold text-forest-700 underline-offset-4 hover:underline short-screen:min-h-8',
        className,
      )}
    >
      View site
      <ExternalLink className="size-4" aria-hidden />
    </a>
  );
}

/** The fixed left column from 768 px up. */
type SidebarProps = { user: AdminUser | null; siteName: string; counts?: AdminCounts | null };

function DesktopSidebar({ user, siteName, counts }: SidebarProps) {
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-5 overflow-y-auto border-r border-forest-100 bg-white px-3 py-4 md:flex short-screen:gap-3 short-screen:py-3"
    >
      <div className="px-1">
        <Brand siteName={siteName} />
      </div>
      <AdminNavLinks user={user} counts={counts} />
    </aside>
  );
}

/**
 * The phone top bar and its menu. A <details> disclosure, enhanced once hydrated: Escape closes it
 * and returns focus to the button, a click outside closes it, and a navigation closes it (moving focus
 * to the main content if it was inside the menu, so it is not lost on a hidden link).
 */
function MobileBar({ user, siteName, counts }: SidebarProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Close after every navigation (a link in the menu, a form, the back button).
  useEffect(() => {
    const details = detailsRef.current;
    if (!details?.open) return;
    const focusInside = details.contains(document.activeElement) && document.activeElement !== summaryRef.current;
    details.open = false;
    if (focusInside) document.getElementById('main')?.focus();
  }, [location.key]);

  // While open: a click or tap outside the bar closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const details = detailsRef.current;
      if (details && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div className="sticky top-0 z-40 flex h-16 items-center justify-between gap-3 border-b border-forest-100 bg-white px-4 md:hidden">
      <Link to="/admin" className="flex min-w-0 items-center gap-2">
        <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
        <span className="min-w-0 leading-tight">
          <span className="block truncate font-display text-[0.95rem] font-semibold text-forest-800">{siteName}</span>
          <span className="block text-[0.6875rem] font-semibold tracking-[0.08em] text-muted uppercase">Back office</span>
        </span>
      </Link>
      <details
        ref={detailsRef}
        className="group"
        onToggle={(event) => setOpen(event.currentTarget.open)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !detailsRef.current?.open) return;
          event.preventDefault();
          detailsRef.current.open = false;
          summaryRef.current?.focus();
        }}
      >
        <summary
          ref={summaryRef}
          className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-forest-200 px-3 text-sm font-semibold text-forest-800 hover:bg-forest-50 [&::-webkit-details-marker]:hidden"
        >
          <Menu className="size-5 group-open:hidden" aria-hidden />
          <X className="hidden size-5 group-open:block" aria-hidden />
          Menu
        </summary>
        <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-forest-100 bg-white px-3 pt-3 pb-4 shadow-lg">
          <AdminNavLinks user={user} counts={counts} />
          <ViewSiteLink className="mt-2 ml-1" />
        </div>
      </details>
    </div>
  );
}

/** Both forms of the navigation; CSS shows one per width. */
export function AdminSidebar({ user, siteName, counts }: SidebarProps) {
  return (
    <>
      <MobileBar user={user} siteName={siteName} counts={counts} />
      <DesktopSidebar user={user} siteName={siteName} counts={counts} />
    </>
  );
}
