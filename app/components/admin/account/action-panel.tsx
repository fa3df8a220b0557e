/**
 * A modal panel of the account pages (the 'Manage' panel of /admin/staff), built like the delete
 * confirmation of the lists (app/components/admin/confirm-delete.tsx), in the same ModalShell: a page state, not a script.
 * A row's link goes to `?manage=<id>` and the page renders this panel, whose forms post to the
 * page's action and whose Close is a link back. So it works without JavaScript; with it, focus moves
 * to the panel itself (its title and description are read first; it holds several forms, so no one
 * field is the obvious start), Tab stays inside, and Escape or a click on the backdrop closes it.
 */
import { TriangleAlert, UserCog } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ModalShell } from '~/components/admin/modal-shell';

export function ActionPanel({
  title,
  detail,
  tone = 'neutral',
  cancelTo,
  busy = false,
  children,
}: {
  title: string;
  detail?: ReactNode;
  /** 'danger' for a change that locks someone out (red icon). */
  tone?: 'neutral' | 'danger';
  /** The page without the panel. */
  cancelTo: string;
  /** While the form is being sent, Escape and the backdrop do nothing. */
  busy?: boolean;
  /** The panel's forms and a link back. */
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const cancel = () => void navigate(cancelTo, { preventScrollReset: true, replace: true });

  return (
    <ModalShell
      role="dialog"
      title={title}
      detail={detail}
      icon={tone === 'danger' ? TriangleAlert : UserCog}
      iconClassName={tone === 'danger' ? 'bg-flag-red/10 text-flag-red' : 'bg-forest-50 text-forest-700'}
      focus="panel"
      busy={busy}
      onCancel={cancel}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <div className="mt-5">{children}</div>
    </ModalShell>
  );
}
