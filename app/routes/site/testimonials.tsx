/** /testimonials (spec section 2). First version: title and introduction; the full page comes with a later issue. */
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/testimonials';

export const meta: Route.MetaFunction = () => pageMeta('Testimonials', 'What travellers say about their trips with us.');

export default function Testimonials() {
  return <PageHeader title="Testimonials" intro="What travellers say about their trips with us." />;
}
