/**
 * A row's actions in an admin list: Edit (a link to the editor) and Delete (a link to `?delete=<id>`,
 * which opens the confirmation; see confirm-delete.tsx; none when `deleteTo` is null, for a user who
 * may not delete, app/lib/permissions.ts). Both name the record for screen readers.
 */
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';

const actionClass = 'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border px-4 text-sm font-semibold transition-colors';

export function RowActions({ id, name, editTo, deleteTo }: { id: string; name: string; editTo: string; deleteTo: string | null }) {
  return (
    <>
      <Link to={editTo} className={cn(actionClass, 'border-forest-200 text-forest-800 hover:bg-forest-50')}>
        <Pencil className="size-4" aria-hidden />
        Edit<span className="sr-only"> {name}</span>
      </Link>
      {deleteTo === null ? null : (
        <Link to={deleteTo} preventScrollReset data-delete-id={id} className={cn(actionClass, 'border-flag-red/40 text-[#a93226] hover:bg-flag-red/10')}>
          <Trash2 className="size-4" aria-hidden />
          Delete<span className="sr-only"> {name}</span>
        </Link>
      )}
    </>
  );
}
