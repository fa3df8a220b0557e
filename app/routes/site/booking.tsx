/** /booking (spec section 2). First version: title and introduction; the full page comes with a later issue. */
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/booking';

export const meta: Route.MetaFunction = () => pageMeta('Book Your Tour', 'Tell us your dates and we will plan the rest.');

export default function Booking() {
  return <PageHeader title="Book Your Tour" intro="Tell us your dates and we will plan the rest." />;
}
