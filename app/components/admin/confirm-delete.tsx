/**
 * The confirmations of the admin (docs/product.md#admin-lists: delete asks 'Are you sure you want to
 * delete this car?' first; destructive actions in red behind a confirmation). Delete on the lists
 * and Reject on the bookings pages use it.
 *
 * It is a page state, not a script: a row's Delete link goes to `?delete=<id>` (Reject to
 * `?reject=<id>`, search and page kept) and the page renders this panel, whose red button posts
 * the `intent` to the page's action and whose Cancel is a link back. So it works without
 * JavaScript. With JavaScript the same panel comes through client navigation; focus moves into it
 * (Cancel first), Tab stays inside it, Escape or a click on the backdrop cancels, and focus goes
 * back to the row's button afterwards (`useReturnFocusAfterConfirm`).
 */
import { CircleX, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { ModalShell } from '~/components/admin/modal-shell';
import { buttonClass } from '~/components/ui/button';

/**
 * The alert dialog around a question (ModalShell with a red warning icon): backdrop, title,
 * explanation, focus kept inside, Escape and a backdrop click call `onCancel` (unless `busy`). `children` are the buttons; the first focusable
 * one gets focus when it opens. Also used by the unsaved-changes warning (unsaved-changes.tsx).
 */
export function ConfirmPanel({
  question,
  detail,
  busy = false,
  onCancel,
  children,
}: {
  question: string;
  detail?: ReactNode;
  busy?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <ModalShell
      role="alertdialog"
      title={question}
      detail={detail}
      icon={TriangleAlert}
      iconClassName="bg-flag-red/10 text-flag-red"
      focus="first"
      busy={busy}
      onCancel={onCancel}
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
    </ModalShell>
  );
}

/**
 * A confirmation that posts `intent` and `id` to `action` (red button `confirmLabel`, `busyLabel`
 * while it runs), or goes back to `cancelTo`.
 */
export function ConfirmAction({
  question,
  detail,
  id,
  action,
  cancelTo,
  intent,
  confirmLabel,
  busyLabel,
  icon: Icon,
}: {
  /** The exact question, e.g. 'Reject this booking?'. */
  question: string;
  /** What will happen, e.g. the record's name and what the action changes. */
  detail?: ReactNode;
  /** The record (sent as `id`). */
  id: string;
  /** Where the form posts: the page's address with its search and page. */
  action: string;
  /** The page without the confirmation. */
  cancelTo: string;
  /** The action's `intent` field. */
  intent: string;
  confirmLabel: string;
  busyLabel: string;
  icon: LucideIcon;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const cancel = () => void navigate(cancelTo, { preventScrollReset: true, replace: true });

  return (
    <ConfirmPanel question={question} detail={detail} busy={busy} onCancel={cancel}>
      <Link to={cancelTo} replace preventScrollReset className={buttonClass('outline', 'md')}>
        Cancel
      </Link>
      <Form method="post" action={action} preventScrollReset className="contents">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" disabled={busy} className={buttonClass('danger', 'md')}>
          <Icon className="size-4" aria-hidden />
          {busy ? busyLabel : confirmLabel}
        </button>
      </Form>
    </ConfirmPanel>
  );
}

/** The delete confirmation of a list: posts `intent=delete`. */
export function ConfirmDelete(props: {
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
  return <ConfirmAction {...props} intent="delete" confirmLabel="Delete" busyLabel="Deleting..." icon={Trash2} />;
}

/** The Reject confirmation's icon, for the bookings pages. */
export const RejectIcon = CircleX;

/**
 * After the confirmation closes (Cancel, Escape, or the action done), put focus back where it was:
 * on the row's button (the element with `attribute` = the id) if it is still there, else on the
 * main content.
 */
export function useReturnFocusAfterConfirm(openId: string | null, attribute = 'data-delete-id') {
  const previous = useRef<string | null>(openId);
  useEffect(() => {
    const closed = previous.current;
    previous.current = openId;
    if (!closed || openId) return;
    const opener = document.querySelectorAll<HTMLElement>(`[${attribute}="${CSS.escape(closed)}"]`);
    const visible = [...opener].find((el) => el.getClientRects().length > 0);
    (visible ?? document.getElementById('main'))?.focus();
  }, [openId, attribute]);
}
