/**
 * Public site chrome (docs/product.md#navigation-and-chrome): header and footer around every public
 * page, the global dialogs, and the global widgets (chat bubble, promo banner, recent-booking
 * toast), none of which reach /admin since the admin area has its own layout.
 */
import { useEffect } from 'react';
import { Outlet, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Footer } from '~/components/site/footer';
import { Header } from '~/components/site/header';
import { SiteDialogsProvider } from '~/components/site/site-dialogs';
import { PromoBanner } from '~/components/site/widgets/promo-banner';
import { RecentBookingToast } from '~/components/site/widgets/recent-booking-toast';
import { isPromoActive } from '~/components/site/widgets/schedule';
import { WhatsAppBubble } from '~/components/site/widgets/whatsapp-bubble';
import { todayInIndia } from '~/lib/format';
import { rememberLandingUtm } from '~/lib/landing-utm';
import { sharedContent } from '~/lib/public-content.server';
import { listRecentConfirmedBookings } from '~/models/recent-bookings.server';
import { getPublicSettings } from '~/models/settings.server';
import type { Route } from './+types/layout';
import { formatPhone } from '~/lib/whatsapp';

/**
 * What the chrome shows on every page. It changes only when staff change settings, the catalogue or
 * a booking, so it is read from the shared content cache (app/lib/public-content.server.ts); only
 * the promotion's dates are checked per request.
 */
export async function loader() {
  const [settings, recentBookings] = await Promise.all([
    getPublicSettings(['company', 'ratings', 'promo', 'recentBookingToast']),
    sharedContent('recent-bookings', listRecentConfirmedBookings),
  ]);
  const { promo } = settings;
  // What the pages share: settings that only one page uses (the home page's announcement, video and
  // map) come with that page's data, not with every page's.
  return {
    company: settings.company,
    ratings: settings.ratings,
    promo: isPromoActive(promo, todayInIndia()) ? { text: promo.text, link: promo.link } : null,
    recentBookings: settings.recentBookingToast.enabled ? recentBookings : [],
  };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

/** Settings change rarely: reload them after a form submission, not on every link click. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { company, promo, recentBookings } = loaderData;
  const { pathname } = useLocation();
  // The landing page's UTM tags follow the visitor to the WhatsApp links (docs/decisions/049-whatsapp-leads.md).
  useEffect(rememberLandingUtm, []);
  return (
    <SiteDialogsProvider>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <Header companyName={company.name} phone={formatPhone(company.phone)} overHero={pathname === '/'} />
      <main id="main" className="min-h-[60vh]">
        <Outlet />
      </main>
      <Footer company={company} />
      <WhatsAppBubble companyName={company.name} />
      {promo ? <PromoBanner text={promo.text} link={promo.link} /> : null}
      <RecentBookingToast bookings={recentBookings} />
    </SiteDialogsProvider>
  );
}
