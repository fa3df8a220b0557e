/**
 * The delete confirmation of the admin lists (docs/product.md#admin-lists: delete asks 'Are you sure you want to
 * delete this car?' first; destructive actions in red behind a confirmation).
 *
 * It is a page state, not a script: a row's Delete link goes to `?delete=<id>` (search and page kept)
 * and the page renders this panel, whose Delete button posts `intent=delete` to the list's action and
 * whose Cancel is a link back. So it works without JavaScript. With JavaScript the same panel comes
 * through client navigation; focus moves into it (Cancel first), Tab stays inside it, Escape or a
 * click on the backdrop cancels, and focus goes back to the row's Delete link afterwards
 * (`useReturnFocusAfterConfirm`).
 */
import { Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';

export function ConfirmDelete({
  question,
  detail,
  id,
  action,
  cancelTo,
}: {
  /** The exact question, e.g. 'Are you sure you want to delete this car?'. */
  question: string;
  /** What will happen, e.g. the record's name and that bookings keep it. */
  detail?: ReactNode;
  /** The record to delete (sent as `id`). */
  id: string;
  /** Where the form posts: the list's address with its search and page. */
  action: string;
  /** The list without the confirmation. */
  cancelTo: string;
}) {
  const titleId = useId();
  const detailId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete';

  useEffect(() => {
    cancelRef.current?.focus();
    // The page behind does not scroll while the panel is open.
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [id]);

  const cancel = () => void navigate(cancelTo, { preventScrollReset: true, replace: true });

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/50 p-4 sm:items-center"
      onClick={(event) => {
        if (event.target === event.currentTarget && !deleting) cancel();
      }}
    >
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={detail ? detailId : undefined}
        className="w-full max-w-md rounded-card bg-white p-6 shadow-2xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            if (!deleting) cancel();
            return;
          }
          if (event.key !== 'Tab') return;
          // Keep focus inside the panel.
          const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])];
          const first = focusable[0];
          const last = focusable.at(-1);
          if (!first || !last) return;
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <div className="flex items-start gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-flag-red/10 text-flag-red">
            <TriangleAlert className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-sans text-lg leading-snug font-semibold text-ink">
              {question}
            </h2>
            {detail ? (
              <div id={detailId} className="mt-1.5 text-sm text-muted">
                {detail}
              </div>
            ) : null}
          </div>
        </div>
        <Form method="post" action={action} preventScrollReset className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <Link ref={cancelRef} to={cancelTo} replace preventScrollReset className={buttonClass('outline', 'md')}>
            Cancel
          </Link>
          <button type="submit" disabled={deleting} className={buttonClass('danger', 'md')}>
            <Trash2 className="size-4" aria-hidden />
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </Form>
      </div>
    </div>
  );
}

/**
 * After the confirmation closes (Cancel, Escape, or the delete done), put focus back where it was:
 * on the row's Delete link if the row is still there, else on the main content.
 */
export function useReturnFocusAfterConfirm(deleteId: string | null) {
  const previous = useRef<string | null>(deleteId);
  useEffect(() => {
    const closed = previous.current;
    previous.current = deleteId;
    if (!closed || deleteId) return;
    const links = document.querySelectorAll<HTMLElement>(`[data-delete-id="${CSS.escape(closed)}"]`);
    const visible = [...links].find((el) => el.getClientRects().length > 0);
    (visible ?? document.getElementById('main'))?.focus();
  }, [deleteId]);
}
