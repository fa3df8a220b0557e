/** Any unknown path: the 404 page 'Oops! Page Not Found' with HTTP status 404 (spec section 2, D11). */
import { data } from 'react-router';
import { NotFoundView } from '~/components/site/not-found-view';

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <div className="pt-16">
      <NotFoundView
        title="Oops! Page Not Found"
        message="The page you're looking for doesn't exist or has been moved."
        linkTo="/"
        linkLabel="Back to Home"
      />
    </div>
  );
}
