/** /contact (spec section 2). First version: title and introduction; the full page comes with a later issue. */
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => pageMeta('Contact Us', 'Call, write or visit our Gangtok office.');

export default function Contact() {
  return <PageHeader title="Contact Us" intro="Call, write or visit our Gangtok office." />;
}
