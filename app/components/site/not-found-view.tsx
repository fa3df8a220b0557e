/**
 * The not-found view of detail pages and unknown paths
 * (docs/product.md#empty-states-and-not-found-views).
 */
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';

export function NotFoundView({ title, message, linkTo, linkLabel }: { title: string; message: string; linkTo: string; linkLabel: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <Icon name="search-x" className="size-14 text-forest-500" />
      <h1 className="mt-6 text-3xl font-semibold text-ink md:text-4xl">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <Link to={linkTo} className="mt-8 rounded-full bg-forest-700 px-6 py-3 font-semibold text-white hover:bg-forest-800">
        {linkLabel}
      </Link>
    </section>
  );
}
