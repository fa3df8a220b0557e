/**
 * Error boundary body of detail pages: the not-found view for a 404 (docs/product.md#catalogue-rules),
 * a short apology otherwise.
 */
import { isRouteErrorResponse } from 'react-router';
import { NotFoundView } from './not-found-view';

export function DetailError({
  error,
  title,
  message,
  linkTo,
  linkLabel,
}: {
  error: unknown;
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="pt-16">
        <title>{title}</title>
        <NotFoundView title={title} message={message} linkTo={linkTo} linkLabel={linkLabel} />
      </div>
    );
  }
  return (
    <div className="pt-16">
      <NotFoundView title="Something went wrong" message="Please try again in a moment." linkTo={linkTo} linkLabel={linkLabel} />
    </div>
  );
}
