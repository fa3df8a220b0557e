/** /rural-tourism (spec section 2). First version: title and introduction; the full page comes with a later issue. */
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/rural-tourism';

export const meta: Route.MetaFunction = () => pageMeta('Rural Tourism', 'Homestays and village life in Uttarey, Kaluk, Dzongu and Lingdem.');

export default function RuralTourism() {
  return <PageHeader title="Rural Tourism" intro="Homestays and village life in Uttarey, Kaluk, Dzongu and Lingdem." />;
}
