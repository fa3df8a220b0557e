/**
 * The pipeline panel of a booking or an inquiry (docs/decisions/016-request-pipeline.md): assigned
 * staff member, follow-up date and internal notes, each a small form posting to `action`.
 *
 * CONTRACT: forms post `intent` = 'note' | 'follow-up' | 'assign' (plus a hidden `id` = recordId)
 * to `action` (default: the current route), which passes them to `handlePipelineIntent`
 * (app/models/pipeline.server.ts). Fields: `body` (note), `followUpOn` ('YYYY-MM-DD' or '' to
 * clear), `assignedTo` (a user id or '' for nobody).
 *
 * - Plain `<Form method="post">`s: they work without JavaScript; the host's action answers with a
 *   redirect and a toast, or with the failed `PipelineResult` as its data (then the panel shows the
 *   message under the field it names, see `pipelineFailure`).
 * - With JavaScript the submitting button is disabled and says so, and the note box empties once
 *   the new note shows up in `data` (a failed note keeps what was typed).
 * - Note bodies are rendered as text (line breaks kept), never as HTML.
 */
import { CalendarClock, MessageSquareText, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Input, Select, Textarea } from '~/components/ui/field';
import { followUpBadge, NOTE_MAX_LENGTH } from '~/lib/admin/follow-up';
import { formatDate, formatDateTime, todayInIndia } from '~/lib/format';
import type { PipelineData, PipelineIntent, RecordKind } from '~/models/pipeline.server';
import { StatusPill } from '~/components/ui/status-pill';

/** Which intent's form a failed field belongs to. */
const FIELD_INTENT: Record<string, PipelineIntent> = { body: 'note', followUpOn: 'follow-up', assignedTo: 'assign' };

/**
 * The failure to show from a host action's data: a `PipelineResult` with `ok: false` returned as
 * is, or under a `pipeline` key (`{ pipeline: result }`). Anything else is not the panel's.
 */
export function pipelineFailure(actionData: unknown): { message: string; field?: string } | null {
  const candidate = actionData && typeof actionData === 'object' && 'pipeline' in actionData ? (actionData as { pipeline: unknown }).pipeline : actionData;
  if (!candidate || typeof candidate !== 'object') return null;
  const r = candidate as { ok?: unknown; message?: unknown; field?: unknown };
  if (r.ok !== false || typeof r.message !== 'string') return null;
  return { message: r.message, field: typeof r.field === 'string' ? r.field : undefined };
}

/** The 'Due today' / 'Overdue' badge of a follow-up date (nothing when not due); for the lists too. */
export function FollowUpBadge({ followUpOn, today = todayInIndia(), className }: { followUpOn: string | null; today?: string; className?: string }) {
  const badge = followUpBadge(followUpOn, today);
  if (!badge) return null;
  return (
    <StatusPill tone={badge === 'Overdue' ? 'bad' : 'pending'} dot className={className} data-follow-up={badge === 'Overdue' ? 'overdue' : 'today'}>
      {badge}
    </StatusPill>
  );
}

/** Whether this panel's `intent` form (for this record) is being submitted; `match` narrows further. */
function useBusy(intent: PipelineIntent, recordId: string, match?: (form: FormData) => boolean): boolean {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state !== 'idle' && !!form && form.get('intent') === intent && form.get('id') === recordId && (!match || match(form));
}

function Hidden({ intent, recordId }: { intent: PipelineIntent; recordId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={recordId} />
    </>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {message}
    </p>
  );
}

function Label({ htmlFor, icon, children }: { htmlFor: string; icon: ReactNode; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="flex items-center gap-2 text-sm font-semibold text-ink">
      {icon}
      {children}
    </label>
  );
}

export function PipelinePanel({ kind, recordId, data, action }: { kind: RecordKind; recordId: string; data: PipelineData; action?: string }) {
  const uid = useId();
  const ids = {
    heading: `${uid}-heading`,
    assign: `${uid}-assigned-to`,
    followUp: `${uid}-follow-up`,
    notesHeading: `${uid}-notes`,
    note: `${uid}-note`,
  };
  const failure = pipelineFailure(useActionData());
  const errorOf = (field: string) => (failure?.field === field ? failure.message : undefined);
  const generalError = failure && !(failure.field && FIELD_INTENT[failure.field]) ? failure.message : undefined;

  const savingAssign = useBusy('assign', recordId);
  const savingFollowUp = useBusy('follow-up', recordId, (f) => f.get('followUpOn') !== '');
  const clearingFollowUp = useBusy('follow-up', recordId, (f) => f.get('followUpOn') === '');
  const addingNote = useBusy('note', recordId);

  // Empty the note box once the submitted note shows up (newest note changed after our submit).
  const noteForm = useRef<HTMLFormElement>(null);
  const newestNote = data.notes[0]?.id ?? null;
  const newestAtSubmit = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (addingNote) {
      if (newestAtSubmit.current === undefined) newestAtSubmit.current = newestNote;
      return;
    }
    if (newestAtSubmit.current === undefined) return;
    if (newestNote !== newestAtSubmit.current) noteForm.current?.reset();
    newestAtSubmit.current = undefined;
  }, [addingNote, newestNote]);

  // A current assignee whose account was disabled since stays selectable, so the select shows the truth.
  const staff =
    data.assignedTo && !data.staff.some((s) => s.id === data.assignedTo!.id)
      ? [...data.staff, { id: data.assignedTo.id, name: `${data.assignedTo.name} (disabled)` }]
      : data.staff;
  const assignError = errorOf('assignedTo');
  const followUpError = errorOf('followUpOn');
  const noteError = errorOf('body');
  const noun = kind === 'booking' ? 'booking' : 'inquiry';

  return (
    <section aria-labelledby={ids.heading} data-pipeline={kind} className="flex flex-col card shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-forest-100 px-4 py-3">
        <h2 id={ids.heading} className="font-sans text-base font-semibold text-ink">
          Follow-up
        </h2>
        <FollowUpBadge followUpOn={data.followUpOn} />
      </div>

      <div className="flex flex-col gap-5 p-4">
        {generalError ? (
          <p role="alert" className="rounded-lg bg-[#fbeae8] px-3 py-2 text-sm font-medium text-[#8f2a1f]">
            {generalError}
          </p>
        ) : null}

        <Form method="post" action={action} preventScrollReset className="flex flex-col gap-1.5">
          <Hidden intent="assign" recordId={recordId} />
          <Label htmlFor={ids.assign} icon={<UserRound className="size-4 text-forest-700" aria-hidden />}>
            Assigned to
          </Label>
          <div className="flex gap-2">
            <Select
              key={`${recordId}:${data.assignedTo?.id ?? ''}`}
              id={ids.assign}
              name="assignedTo"
              defaultValue={data.assignedTo?.id ?? ''}
              aria-invalid={assignError ? true : undefined}
              aria-describedby={assignError ? `${ids.assign}-error` : undefined}
              className="min-w-0 flex-1"
            >
              <option value="">Nobody</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
            <button type="submit" disabled={savingAssign} className={buttonClass('outline', 'md', 'shrink-0')}>
              {savingAssign ? 'Saving...' : 'Save'}
              <span className="sr-only"> assignee</span>
            </button>
          </div>
          <FieldError id={`${ids.assign}-error`} message={assignError} />
        </Form>

        <div className="flex flex-col gap-1.5">
          <Form method="post" action={action} preventScrollReset className="flex flex-col gap-1.5">
            <Hidden intent="follow-up" recordId={recordId} />
            <Label htmlFor={ids.followUp} icon={<CalendarClock className="size-4 text-forest-700" aria-hidden />}>
              Follow-up date
            </Label>
            <div className="flex gap-2">
              <Input
                key={`${recordId}:${data.followUpOn ?? ''}`}
                id={ids.followUp}
                type="date"
                name="followUpOn"
                defaultValue={data.followUpOn ?? ''}
                aria-invalid={followUpError ? true : undefined}
                aria-describedby={[`${ids.followUp}-hint`, followUpError ? `${ids.followUp}-error` : null].filter(Boolean).join(' ')}
                className="min-w-0 flex-1"
              />
              <button type="submit" disabled={savingFollowUp} className={buttonClass('outline', 'md', 'shrink-0')}>
                {savingFollowUp ? 'Saving...' : 'Save'}
                <span className="sr-only"> follow-up date</span>
              </button>
            </div>
          </Form>
          <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-3">
            <p id={`${ids.followUp}-hint`} className="text-sm text-muted">
              {data.followUpOn ? `Follow up on ${formatDate(data.followUpOn)}.` : `No follow-up planned for this ${noun}.`}
            </p>
            {data.followUpOn ? (
              // Its own form: '' clears the date (a second submit button would send the input's value too).
              <Form method="post" action={action} preventScrollReset>
                <Hidden intent="follow-up" recordId={recordId} />
                <input type="hidden" name="followUpOn" value="" />
                <button type="submit" disabled={clearingFollowUp} className={buttonClass('ghost', 'md', '-mr-2')}>
                  {clearingFollowUp ? 'Clearing...' : 'Clear'}
                  <span className="sr-only"> follow-up date</span>
                </button>
              </Form>
            ) : null}
          </div>
          <FieldError id={`${ids.followUp}-error`} message={followUpError} />
        </div>

        <section aria-labelledby={ids.notesHeading} className="flex flex-col gap-3 border-t border-forest-100 pt-4">
          <h3 id={ids.notesHeading} className="flex items-center gap-2 font-sans text-sm font-semibold text-ink">
            <MessageSquareText className="size-4 text-forest-700" aria-hidden />
            Internal notes
            <span className="font-normal text-muted">({data.notes.length})</span>
          </h3>
          {data.notes.length === 0 ? (
            <p className="text-sm text-muted">No notes yet.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {data.notes.map((note) => (
                <li key={note.id} className="rounded-lg bg-mist/70 px-3 py-2">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted">
                    <span className="font-semibold text-ink">{note.authorName}</span>
                    <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                  </p>
                  <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink">{note.body}</p>
                </li>
              ))}
            </ol>
          )}
          <Form ref={noteForm} method="post" action={action} preventScrollReset className="flex flex-col gap-1.5">
            <Hidden intent="note" recordId={recordId} />
            <label htmlFor={ids.note} className="text-sm font-semibold text-ink">
              New note
            </label>
            <Textarea
              key={recordId}
              id={ids.note}
              name="body"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              aria-required
              aria-invalid={noteError ? true : undefined}
              aria-describedby={[`${ids.note}-hint`, noteError ? `${ids.note}-error` : null].filter(Boolean).join(' ')}
            />
            <p id={`${ids.note}-hint`} className="text-sm text-muted">
              Only staff see notes. Up to {NOTE_MAX_LENGTH.toLocaleString('en-IN')} characters.
            </p>
            <FieldError id={`${ids.note}-error`} message={noteError} />
            <div>
              <button type="submit" disabled={addingNote} className={buttonClass('primary', 'md')}>
                {addingNote ? 'Adding...' : 'Add note'}
              </button>
            </div>
          </Form>
        </section>
      </div>
    </section>
  );
}
