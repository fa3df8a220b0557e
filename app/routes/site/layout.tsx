/** Public site chrome: header and footer around every public page, and the global dialogs (spec section 2). */
import { Outlet } from 'react-router';
import { Footer } from '~/components/site/footer';
import { Header } from '~/components/site/header';
import { SiteDialogsProvider } from '~/components/site/site-dialogs';
import { listBikeOptions } from '~/models/bike.server';
import { listCarOptions } from '~/models/car.server';
import { listPackageOptions } from '~/models/package.server';
import { getSettings } from '~/models/settings.server';
import type { Route } from './+types/layout';

export async function loader() {
  const [settings, packages, cars, bikes] = await Promise.all([
    getSettings(['company']),
    listPackageOptions(),
    listCarOptions(),
    listBikeOptions(),
  ]);
  return { company: settings.company, dialogOptions: { packages, cars, bikes } };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { company, dialogOptions } = loaderData;
  return (
    <SiteDialogsProvider options={dialogOptions}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header companyName={company.name} phone={company.phone} />
      <main id="main" className="min-h-[60vh]">
        <Outlet />
      </main>
      <Footer company={company} />
    </SiteDialogsProvider>
  );
}
