/**
 * Edits are never dropped silently (docs/product.md#admin-editing): an admin form marked with
 * `data-unsaved` (its name, e.g. 'Company details') is watched, and while it holds changes that
 * were not saved:
 * - leaving the page inside the app (a link, the sidebar, Log Out, the back button) first asks,
 *   through React Router's `useBlocker`;
 * - saving ANOTHER form of the same page (on /admin/settings each section saves on its own) asks
 *   too, naming the sections whose edits that save would leave out;
 * - closing or reloading the tab triggers the browser's own `beforeunload` question.
 * Saving the changed form itself is never stopped.
 *
 * A form's starting point is what it holds when the admin first touches it (focus, a press, a
 * drop), so fields filled in by scripts after loading do not count as edits. After a successful
 * save the pages render their forms again (keyed on the saved value), which starts them afresh.
 * `docs/decisions/024-unsaved-changes.md` says why a warning and not one Save for all sections.
 */
import { useEffect, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmPanel } from '~/components/admin/confirm-delete';
import { buttonClass } from '~/components/ui/button';

/** The attribute that marks a watched form; its value names the form in the warning. */
export const UNSAVED_ATTRIBUTE = 'data-unsaved';

/** Props for a watched form: `<Form {...watchUnsaved('Company details')}>`. */
export function watchUnsaved(name: string): { [UNSAVED_ATTRIBUTE]: string } {
  return { [UNSAVED_ATTRIBUTE]: name };
}

const startingPoints = new WeakMap<HTMLFormElement, string>();

/** The form's fields as one comparable string (files by name and size). */
function snapshot(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [key, value] of new FormData(form)) entries.push(`${key}=${typeof value === 'string' ? value : `file:${value.name}:${value.size}`}`);
  return entries.join('\n');
}

function watchedFormOf(target: EventTarget | null): HTMLFormElement | null {
  if (!(target instanceof Element)) return null;
  const owner = (target as Partial<HTMLInputElement>).form ?? target.closest('form');
  return owner instanceof HTMLFormElement && owner.hasAttribute(UNSAVED_ATTRIBUTE) ? owner : null;
}

/** Watched forms on the page whose fields differ from their starting point, except `except`. */
export function changedForms(except: HTMLFormElement | null = null): HTMLFormElement[] {
  return [...document.querySelectorAll<HTMLFormElement>(`form[${UNSAVED_ATTRIBUTE}]`)].filter((form) => {
    if (form === except) return false;
    const start = startingPoints.get(form);
    return start !== undefined && start !== snapshot(form);
  });
}

const namesOf = (forms: HTMLFormElement[]) => forms.map((form) => form.getAttribute(UNSAVED_ATTRIBUTE) || 'this form');

function list(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

type Blocked = { changed: string[]; saving: string | null };

/** The guard of the admin area: rendered once by the admin layout. */
export function UnsavedChangesGuard() {
  const submitting = useRef<HTMLFormElement | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);

  useEffect(() => {
    // The starting point: the form as it is when first touched.
    const onTouch = (event: Event) => {
      const form = watchedFormOf(event.target);
      if (form && !startingPoints.has(form)) startingPoints.set(form, snapshot(form));
    };
    // Which form a save comes from (the blocker below runs during the submit event). Conform's own
    // submits (validation on blur, list rows) use a hidden temporary button and save nothing.
    const onSubmit = (event: Event) => {
      const submitter = (event as SubmitEvent).submitter;
      if (submitter instanceof HTMLElement && submitter.hidden) return;
      submitting.current = event.target instanceof HTMLFormElement ? event.target : null;
      window.setTimeout(() => {
        submitting.current = null;
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (changedForms().length === 0) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };
    const touches = ['focusin', 'pointerdown', 'dragenter'] as const;
    for (const type of touches) document.addEventListener(type, onTouch, true);
    document.addEventListener('submit', onSubmit, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      for (const type of touches) document.removeEventListener(type, onTouch, true);
      document.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) => {
    const form = submitting.current;
    const changed = changedForms(form);
    if (changed.length === 0) return false;
    const samePage = currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search;
    // A jump to a section of the same page (#section-…) loses nothing.
    if (samePage && !form) return false;
    const saving = form?.hasAttribute(UNSAVED_ATTRIBUTE) ? form.getAttribute(UNSAVED_ATTRIBUTE) : null;
    setBlocked({ changed: namesOf(changed), saving });
    return true;
  };
  const blocker = useBlocker(shouldBlock);

  if (blocker.state !== 'blocked' || !blocked) return null;
  const { changed, saving } = blocked;
  const edits = `Your changes to ${list(changed)} are not saved.`;
  return (
    <ConfirmPanel
      question={saving ? `Save ${saving} only?` : 'Leave without saving?'}
      detail={
        saving ? `${edits} This Save stores ${saving} only; save the other changes with their own Save button.` : `${edits} Leaving this page discards them.`
      }
      onCancel={() => blocker.reset()}
    >
      <button type="button" className={buttonClass('outline', 'md')} onClick={() => blocker.reset()}>
        Keep editing
      </button>
      <button type="button" className={buttonClass('danger', 'md')} onClick={() => blocker.proceed()}>
        {saving ? `Save ${saving} only` : 'Leave without saving'}
      </button>
    </ConfirmPanel>
  );
}
