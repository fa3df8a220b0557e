/** Placeholder for admin pages not built yet: every route of spec section 2 exists from the start. */
import { useLocation } from 'react-router';

export function meta() {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminPlaceholder() {
  const { pathname } = useLocation();
  return (
    <main className="mx-auto max-w-2xl px-6 py-24">
      <h1 className="text-3xl font-semibold">Admin</h1>
      <p className="mt-3 text-muted">
        <code>{pathname}</code> is part of the admin area, which is being built.
      </p>
    </main>
  );
}
