/**
 * Any unknown path: the 404 page 'Oops! Page Not Found' with HTTP status 404
 * (docs/product.md#public-routes).
 */
import { data, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

/** Not indexed, but described: a shared broken link still previews as the operator's site. */
const NOT_FOUND_DESCRIPTION =
  "This page doesn't exist. Find tour packages, bike and car rentals and rural homestays in Sikkim and Darjeeling from our home page.";

export const meta: Route.MetaFunction = () => [
  { title: 'Page Not Found' },
  { name: 'description', content: NOT_FOUND_DESCRIPTION },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return (
    <section className="relative isolate overflow-hidden bg-mist">
      <svg aria-hidden viewBox="0 0 1440 320" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 -z-10 h-48 w-full md:h-64">
        <path fill="#d3e8e3" d="M0 320V190l180-90 160 70 210-130 200 120 170-80 230 110 150-60 140 60v130z" />
        <path fill="#a7d1c7" d="M0 320v-70l220-60 200 50 240-80 220 70 200-40 360 60v70z" />
      </svg>
      <div className="container-page flex min-h-[70vh] flex-col items-center justify-center pt-28 pb-48 text-center md:pb-64">
        <Icon name="compass" className="size-14 text-forest-500" />
        <p className="mt-4 font-display text-7xl font-semibold text-forest-700">404</p>
        <h1 className="mt-2 text-title font-semibold">Oops! Page Not Found</h1>
        <p className="mt-3 max-w-md text-lg text-muted">
          The page you're looking for doesn't exist or has been moved. Even the best trails take a wrong turn sometimes.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass('primary', 'lg')}>
            Back to Home
          </Link>
          <Link to="/packages" className={buttonClass('outline', 'lg')}>
            Browse Tour Packages
          </Link>
        </div>
      </div>
    </section>
  );
}
