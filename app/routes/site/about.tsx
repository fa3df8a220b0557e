/** /about (spec section 2). First version: title and introduction; the full page comes with a later issue. */
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () => pageMeta('About Us', 'A Gangtok-based local team for Sikkim and Darjeeling travel.');

export default function About() {
  return <PageHeader title="About Us" intro="A Gangtok-based local team for Sikkim and Darjeeling travel." />;
}
