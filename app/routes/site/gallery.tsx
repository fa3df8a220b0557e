/** /gallery (spec section 2). First version: title and introduction; the full page comes with a later issue. */
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = () => pageMeta('Gallery', 'Moments from Sikkim and Darjeeling.');

export default function Gallery() {
  return <PageHeader title="Gallery" intro="Moments from Sikkim and Darjeeling." />;
}
