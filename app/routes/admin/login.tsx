/** /admin/login (spec section 2). The real sign-in (D2) arrives with the admin issue. */
export function meta() {
  return [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLogin() {
  return (
    <main className="mx-auto max-w-md px-6 py-24">
      <h1 className="text-3xl font-semibold">Admin Login</h1>
      <p className="mt-3 text-muted">Staff sign-in is being built.</p>
    </main>
  );
}
