/** Home (spec section 1). First version: hero and featured packages; the full page comes with issue 3. */
import { Link } from 'react-router';
import { PackageCard } from '~/components/site/cards';
import { pageMeta } from '~/lib/meta';
import { listPackages } from '~/models/package.server';
import type { Route } from './+types/home';

export async function loader() {
  const { items } = await listPackages({ limit: 6 });
  return { packages: items };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Sikkim & Darjeeling Tours from Gangtok', 'Local Gangtok tour operator: Sikkim and Darjeeling packages, cab services and bike rentals.');

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-forest-900 text-white">
        <img src="/images/hero/hero-1.svg" alt="" width={1600} height={900} className="absolute inset-0 -z-10 size-full object-cover opacity-70" />
        <div className="mx-auto max-w-7xl px-4 pt-36 pb-24 md:px-6 md:pt-44 md:pb-32">
          <p className="font-semibold tracking-wider text-marigold-light uppercase">Discover Sikkim &amp; Darjeeling</p>
          <h1 className="mt-3 max-w-3xl text-5xl font-semibold md:text-6xl">Your Perfect Himalayan Adventure</h1>
          <Link to="/packages" className="mt-8 inline-block rounded-full bg-marigold px-7 py-3 font-semibold text-ink hover:bg-marigold-light">
            View All Packages
          </Link>
        </div>
      </section>
      {loaderData.packages.length > 0 ? (
        <section id="featured-packages" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
          <h2 className="text-3xl font-semibold md:text-4xl">Featured Packages</h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.packages.map((item) => (
              <PackageCard key={item.id} item={item} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
