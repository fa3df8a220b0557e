/**
 * The error boundary body of the edit pages (docs/product.md, "Admin editing"): an unknown id shows
 * 'Package not found' / 'Bike not found' / 'Car not found' with the way back to the list; any other
 * error a short apology with the same link.
 */
import { isRouteErrorResponse, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

export function EditorError({ error, notFound, listTo, listLabel }: { error: unknown; notFound: string; listTo: string; listLabel: string }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = missing ? notFound : 'Something went wrong';
  return (
    <div role="alert" className="flex max-w-xl flex-col items-start gap-3 card p-6 shadow-sm">
      <title>{`${title} | Admin`}</title>
      {missing ? <p className="text-sm font-semibold tracking-[0.08em] text-muted uppercase">Error 404</p> : null}
      <h1 className="font-display text-2xl font-semibold text-ink">{title}</h1>
      <p className="text-muted">{missing ? 'It may have been deleted, or the link is wrong.' : 'The page could not be loaded. Please refresh the page.'}</p>
      <Link to={listTo} className={buttonClass('primary', 'md', 'mt-2')}>
        {listLabel}
      </Link>
    </div>
  );
}
