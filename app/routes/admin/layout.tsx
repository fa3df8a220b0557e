/** Admin area frame. Authentication (D2) and the sidebar arrive with the admin issue. */
import { Outlet } from 'react-router';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-mist">
      <Outlet />
    </div>
  );
}
