/**
 * The staff pipeline (docs/decisions/016-request-pipeline.md): app/models/pipeline.server.ts for
 * bookings and inquiries (notes, follow-up date, assignee; audit entry in the same transaction;
 * live event after commit) and the server render of app/components/admin/pipeline-panel.tsx.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, inquiries, notes, users } from '~/db/schema';
import { PipelinePanel, pipelineFailure } from '~/components/admin/pipeline-panel';
import { followUpBadge, followUpStatus, isDue } from '~/lib/admin/follow-up';
import { todayInIndia } from '~/lib/format';
import { subscribeLive, type LiveEvent } from '~/lib/live-events.server';
import type { AuditActor } from '~/models/audit.server';
import { handlePipelineIntent, loadPipeline, type PipelineData, type RecordKind } from '~/models/pipeline.server';
import { addYears } from '~/schemas/submission-fields';

type StaffRow = { id: string; username: string; name: string };

let pema: StaffRow;
let karma: StaffRow;
let gone: StaffRow;
let actor: AuditActor;

async function createUser(username: string, name: string, disabled = false): Promise<StaffRow> {
  const [row] = await db()
    .insert(users)
    .values({ username, name, passwordHash: 'not-a-real-hash', disabledAt: disabled ? new Date() : null })
    .returning({ id: users.id, username: users.username, name: users.name });
  return row!;
}

async function createRecord(kind: RecordKind): Promise<string> {
  if (kind === 'booking') {
    const [row] = await db()
      .insert(bookings)
      .values({ type: 'package', itemName: 'Custom tour', name: 'Asha', email: 'asha@example.com', phone: '+919800000000', startDate: '2030-01-10' })
      .returning({ id: bookings.id });
    return row!.id;
  }
  const [row] = await db()
    .insert(inquiries)
    .values({ type: 'contact', name: 'Ravi', email: 'ravi@example.com', message: 'Hello' })
    .returning({ id: inquiries.id });
  return row!.id;
}

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

async function auditFor(id: string) {
  return db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
}

async function pipelineColumns(kind: RecordKind, id: string) {
  const t = kind === 'booking' ? bookings : inquiries;
  const [row] = await db().select({ assignedTo: t.assignedTo, followUpOn: t.followUpOn }).from(t).where(eq(t.id, id));
  return row!;
}

const events: LiveEvent[] = [];
let unsubscribe: (() => void) | undefined;

beforeAll(async () => {
  pema = await createUser('pema', 'Pema Lhamo');
  karma = await createUser('karma', 'Karma Bhutia');
  gone = await createUser('gone', 'Aaron Gone', true);
  // The audit log and the session carry the username; notes carry the display name.
  actor = { id: pema.id, name: pema.username, ip: '127.0.0.1' };
});

beforeEach(() => {
  events.length = 0;
  unsubscribe = subscribeLive((e) => events.push(e));
});

afterEach(() => unsubscribe?.());

const NOT_FOUND = { booking: 'Booking not found', inquiry: 'Inquiry not found' } as const;

describe.each(['booking', 'inquiry'] as const)('%s pipeline', (kind) => {
  let id: string;
  beforeEach(async () => {
    id = await createRecord(kind);
  });

  test('a new record has no assignee, no follow-up and no notes; the staff list leaves disabled accounts out, by name', async () => {
    const data = await loadPipeline(kind, id);
    expect(data).toEqual({
      assignedTo: null,
      followUpOn: null,
      notes: [],
      staff: [
        { id: karma.id, name: 'Karma Bhutia' },
        { id: pema.id, name: 'Pema Lhamo' },
      ],
    });
  });

  describe('note', () => {
    test('adds a note signed with the display name, its audit entry, and a live event', async () => {
      const result = await handlePipelineIntent(kind, id, form({ intent: 'note', id, body: '  Called, no answer.\r\nTry again at 5.  ' }), actor);
      expect(result).toEqual({ ok: true, message: 'Note added' });
      const data = await loadPipeline(kind, id);
      expect(data.notes).toHaveLength(1);
      expect(data.notes[0]).toMatchObject({ authorName: 'Pema Lhamo', body: 'Called, no answer.\nTry again at 5.' });
      expect(new Date(data.notes[0]!.createdAt).toISOString()).toBe(data.notes[0]!.createdAt);
      const [row] = await db().select().from(notes).where(eq(notes.id, data.notes[0]!.id));
      expect(row).toMatchObject({ authorId: pema.id, bookingId: kind === 'booking' ? id : null, inquiryId: kind === 'inquiry' ? id : null });
      const audit = await auditFor(id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'note',
        entityType: kind,
        entityId: id,
        actorId: pema.id,
        actorName: 'pema',
        ip: '127.0.0.1',
        changes: { note: { from: null, to: 'Called, no answer.\nTry again at 5.' } },
      });
      expect(audit[0]!.summary).toMatch(new RegExp(`^Added a note to ${kind} #[0-9A-F]{6}$`));
      expect(events).toEqual([{ type: `${kind}.updated`, id, label: expect.stringContaining('Note added') }]);
    });

    test('lists notes newest first', async () => {
      const column = kind === 'booking' ? { bookingId: id } : { inquiryId: id };
      await db()
        .insert(notes)
        .values([
          { ...column, authorName: 'A', body: 'oldest', createdAt: new Date('2025-01-05T09:00:00Z') },
          { ...column, authorName: 'B', body: 'newest', createdAt: new Date('2025-01-07T09:00:00Z') },
          { ...column, authorName: 'C', body: 'middle', createdAt: new Date('2025-01-06T09:00:00Z') },
        ]);
      const data = await loadPipeline(kind, id);
      expect(data.notes.map((n) => n.body)).toEqual(['newest', 'middle', 'oldest']);
      expect(data.notes[0]!.createdAt).toBe('2025-01-07T09:00:00.000Z');
    });

    test('the author name falls back to the actor name when the account is unknown', async () => {
      const stranger = await createUser('stranger', 'Temporary Person');
      await db().delete(users).where(eq(users.id, stranger.id));
      // The audit entry's actor id would break its foreign key, so nothing is written at all.
      await expect(handlePipelineIntent(kind, id, form({ intent: 'note', body: 'Hello' }), { id: stranger.id, name: 'stranger' })).rejects.toThrow();
      expect((await loadPipeline(kind, id)).notes).toEqual([]);
      expect(await auditFor(id)).toEqual([]);
      expect(events).toEqual([]);
      // Without an id (no account) the note is signed with the actor's name.
      expect(await handlePipelineIntent(kind, id, form({ intent: 'note', body: 'Hello' }), { id: null, name: 'system' })).toEqual({
        ok: true,
        message: 'Note added',
      });
      expect((await loadPipeline(kind, id)).notes[0]!.authorName).toBe('system');
    });

    test.each([
      ['', 'Please write a note'],
      ['   \n  ', 'Please write a note'],
      ['x'.repeat(2001), 'At most 2000 characters'],
      ['bad\u0000byte', 'Contains characters that are not allowed'],
    ])('refuses body %j', async (body, message) => {
      expect(await handlePipelineIntent(kind, id, form({ intent: 'note', body }), actor)).toEqual({ ok: false, message, field: 'body' });
      expect((await loadPipeline(kind, id)).notes).toEqual([]);
      expect(await auditFor(id)).toEqual([]);
      expect(events).toEqual([]);
    });

    test('a missing body is bad input; 2000 characters with CRLF line breaks fit', async () => {
      expect(await handlePipelineIntent(kind, id, form({ intent: 'note' }), actor)).toEqual({ ok: false, message: 'Please write a note', field: 'body' });
      const body = `${'a'.repeat(999)}\r\n${'b'.repeat(1000)}`;
      expect(await handlePipelineIntent(kind, id, form({ intent: 'note', body }), actor)).toEqual({ ok: true, message: 'Note added' });
      expect((await loadPipeline(kind, id)).notes[0]!.body).toHaveLength(2000);
    });
  });

  describe('follow-up', () => {
    test('sets and clears the date, each with its audit entry and a live event', async () => {
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn: '2025-01-05' }), actor)).toEqual({
        ok: true,
        message: 'Follow-up set for Jan 5, 2025',
      });
      expect((await pipelineColumns(kind, id)).followUpOn).toBe('2025-01-05');
      expect((await loadPipeline(kind, id)).followUpOn).toBe('2025-01-05');
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn: '' }), actor)).toEqual({ ok: true, message: 'Follow-up cleared' });
      expect((await pipelineColumns(kind, id)).followUpOn).toBeNull();
      const audit = await auditFor(id);
      expect(audit.map((a) => [a.action, a.entityType, a.changes])).toEqual([
        ['follow_up', kind, { followUpOn: { from: null, to: '2025-01-05' } }],
        ['follow_up', kind, { followUpOn: { from: '2025-01-05', to: null } }],
      ]);
      expect(audit[0]!.summary).toMatch(/to Jan 5, 2025$/);
      expect(events.map((e) => e.type)).toEqual([`${kind}.updated`, `${kind}.updated`]);
    });

    test('accepts past dates and today; setting the same date again writes nothing', async () => {
      const today = todayInIndia();
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn: '2020-02-29' }), actor)).toMatchObject({ ok: true });
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn: today }), actor)).toMatchObject({ ok: true });
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn: ` ${today} ` }), actor)).toMatchObject({ ok: true });
      expect(await auditFor(id)).toHaveLength(2);
      expect(events).toHaveLength(2);
    });

    test.each([
      ['abc', 'Please enter a valid date'],
      ['2025-02-30', 'Please enter a valid date'],
      ['05/01/2025', 'Please enter a valid date'],
      ['1999-12-31', 'Please enter a valid date'],
      ['0202-01-05', 'Please enter a valid date'],
      ['2025-1-5', 'Please enter a valid date'],
    ])('refuses %j', async (followUpOn, message) => {
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn }), actor)).toEqual({ ok: false, message, field: 'followUpOn' });
      expect((await pipelineColumns(kind, id)).followUpOn).toBeNull();
      expect(await auditFor(id)).toEqual([]);
    });

    test('refuses a date more than 3 years ahead and a missing field', async () => {
      const far = addYears(todayInIndia(), 4);
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up', followUpOn: far }), actor)).toEqual({
        ok: false,
        message: 'Please choose a date within 3 years',
        field: 'followUpOn',
      });
      expect(await handlePipelineIntent(kind, id, form({ intent: 'follow-up' }), actor)).toEqual({
        ok: false,
        message: 'Please enter a valid date',
        field: 'followUpOn',
      });
      expect(await auditFor(id)).toEqual([]);
    });
  });

  describe('assign', () => {
    test('assigns, reassigns and unassigns, each with its audit entry and a live event', async () => {
      expect(await handlePipelineIntent(kind, id, form({ intent: 'assign', assignedTo: pema.id }), actor)).toEqual({
        ok: true,
        message: 'Assigned to Pema Lhamo',
      });
      expect((await loadPipeline(kind, id)).assignedTo).toEqual({ id: pema.id, name: 'Pema Lhamo' });
      expect(await handlePipelineIntent(kind, id, form({ intent: 'assign', assignedTo: karma.id }), actor)).toEqual({
        ok: true,
        message: 'Assigned to Karma Bhutia',
      });
      expect(await handlePipelineIntent(kind, id, form({ intent: 'assign', assignedTo: '' }), actor)).toEqual({ ok: true, message: 'Unassigned' });
      expect((await pipelineColumns(kind, id)).assignedTo).toBeNull();
      const audit = await auditFor(id);
      expect(audit.map((a) => [a.action, a.entityType, a.changes])).toEqual([
        ['assign', kind, { assignedTo: { from: null, to: { id: pema.id, name: 'Pema Lhamo' } } }],
        ['assign', kind, { assignedTo: { from: { id: pema.id, name: 'Pema Lhamo' }, to: { id: karma.id, name: 'Karma Bhutia' } } }],
        ['assign', kind, { assignedTo: { from: { id: karma.id, name: 'Karma Bhutia' }, to: null } }],
      ]);
      expect(audit.map((a) => a.summary.replace(/#[0-9A-F]{6}/, '#X'))).toEqual([
        `Assigned ${kind} #X to Pema Lhamo`,
        `Assigned ${kind} #X to Karma Bhutia`,
        `Unassigned ${kind} #X`,
      ]);
      expect(events.map((e) => e.type)).toEqual([`${kind}.updated`, `${kind}.updated`, `${kind}.updated`]);
      // Unassigning what is unassigned writes nothing.
      expect(await handlePipelineIntent(kind, id, form({ intent: 'assign', assignedTo: '' }), actor)).toEqual({ ok: true, message: 'Unassigned' });
      expect(await auditFor(id)).toHaveLength(3);
    });

    test('a disabled account cannot be assigned; one assigned before it was disabled still shows', async () => {
      expect(await handlePipelineIntent(kind, id, form({ intent: 'assign', assignedTo: gone.id }), actor)).toEqual({
        ok: false,
        message: 'Please choose an active staff member',
        field: 'assignedTo',
      });
      expect((await pipelineColumns(kind, id)).assignedTo).toBeNull();
      expect(await auditFor(id)).toEqual([]);
      const t = kind === 'booking' ? bookings : inquiries;
      await db().update(t).set({ assignedTo: gone.id }).where(eq(t.id, id));
      const data = await loadPipeline(kind, id);
      expect(data.assignedTo).toEqual({ id: gone.id, name: 'Aaron Gone' });
      expect(data.staff.map((s) => s.id)).not.toContain(gone.id);
      // Saving the current (disabled) assignee again changes nothing and is not an error.
      expect(await handlePipelineIntent(kind, id, form({ intent: 'assign', assignedTo: gone.id }), actor)).toEqual({
        ok: true,
        message: 'Assigned to Aaron Gone',
      });
      expect(await auditFor(id)).toEqual([]);
    });

    test.each([['not-a-uuid'], ['00000000-0000-4000-8000-000000000000'], [undefined]])('refuses assignedTo %j', async (assignedTo) => {
      const result = await handlePipelineIntent(kind, id, form({ intent: 'assign', ...(assignedTo === undefined ? {} : { assignedTo }) }), actor);
      expect(result).toMatchObject({ ok: false, field: 'assignedTo' });
      expect((await pipelineColumns(kind, id)).assignedTo).toBeNull();
      expect(await auditFor(id)).toEqual([]);
    });
  });

  test.each([[{ intent: 'note', body: 'Hello' }], [{ intent: 'follow-up', followUpOn: '2025-01-05' }], [{ intent: 'assign', assignedTo: '' }]])(
    'an unknown record is not found: %j',
    async (fields) => {
      for (const missing of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
        expect(await handlePipelineIntent(kind, missing, form(fields), actor)).toEqual({ ok: false, message: NOT_FOUND[kind] });
      }
      expect(
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, kind), eq(auditLog.entityId, 'nonsense'))),
      ).toEqual([]);
      expect(events).toEqual([]);
    },
  );

  test('any other intent is left to the host: null, nothing written', async () => {
    const others: Record<string, string>[] = [
      { intent: 'delete', id },
      { intent: 'status', status: 'confirmed' },
      { body: 'no intent' },
      { intent: 'NOTE', body: 'x' },
    ];
    for (const fields of others) {
      expect(await handlePipelineIntent(kind, id, form(fields), actor)).toBeNull();
    }
    expect(await handlePipelineIntent(kind, 'nonsense', form({ intent: 'convert' }), actor)).toBeNull();
    expect((await loadPipeline(kind, id)).notes).toEqual([]);
    expect(await auditFor(id)).toEqual([]);
  });

  test('notes stay with their own record', async () => {
    const other = await createRecord(kind);
    await handlePipelineIntent(kind, other, form({ intent: 'note', body: 'other record' }), actor);
    expect((await loadPipeline(kind, id)).notes).toEqual([]);
    expect((await loadPipeline(kind, other)).notes).toHaveLength(1);
  });
});

test('loadPipeline of an unknown id gives an empty pipeline with the staff list', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
    const data = await loadPipeline('booking', id);
    expect(data).toMatchObject({ assignedTo: null, followUpOn: null, notes: [] });
    expect(data.staff.length).toBeGreaterThan(0);
  }
});

describe('follow-up helpers (app/lib/admin/follow-up.ts)', () => {
  test('isDue, followUpStatus and followUpBadge', () => {
    expect(isDue(null, '2025-01-05')).toBe(false);
    expect(isDue('2025-01-04', '2025-01-05')).toBe(true);
    expect(isDue('2025-01-05', '2025-01-05')).toBe(true);
    expect(isDue('2025-01-06', '2025-01-05')).toBe(false);
    expect(followUpStatus('2025-01-06', '2025-01-05')).toBe('upcoming');
    expect(followUpBadge('2025-01-04', '2025-01-05')).toBe('Overdue');
    expect(followUpBadge('2025-01-05', '2025-01-05')).toBe('Due today');
    expect(followUpBadge(null, '2025-01-05')).toBeNull();
  });

  test('pipelineFailure reads a failed result, bare or under `pipeline`', () => {
    expect(pipelineFailure({ ok: false, message: 'Please write a note', field: 'body' })).toEqual({ message: 'Please write a note', field: 'body' });
    expect(pipelineFailure({ pipeline: { ok: false, message: 'Booking not found' } })).toEqual({ message: 'Booking not found', field: undefined });
    expect(pipelineFailure({ ok: true, message: 'Note added' })).toBeNull();
    expect(pipelineFailure(undefined)).toBeNull();
    expect(pipelineFailure({ result: { status: 'error' } })).toBeNull();
  });
});

describe('PipelinePanel (server render)', () => {
  function render(data: PipelineData, actionData?: unknown) {
    const Stub = createRoutesStub([
      {
        path: '/admin/bookings/:id',
        Component: () => createElement(PipelinePanel, { kind: 'booking', recordId: 'b0000000-0000-4000-8000-000000000001', data }),
        action: () => actionData ?? null,
      },
    ]);
    return renderToString(createElement(Stub, { initialEntries: ['/admin/bookings/b0000000-0000-4000-8000-000000000001'] }));
  }

  test('shows assignee, date with its badge and notes as text, with a form per intent', () => {
    const html = render({
      assignedTo: { id: 'u1', name: 'Pema Lhamo' },
      followUpOn: '2020-01-05',
      notes: [{ id: 'n1', authorName: 'Karma', body: '<b>bold</b>\nsecond line', createdAt: '2025-01-05T09:34:00.000Z' }],
      staff: [
        { id: 'u2', name: 'Karma Bhutia' },
        { id: 'u1', name: 'Pema Lhamo' },
      ],
    });
    expect(html).toContain('Follow-up');
    expect(html).toContain('Overdue');
    expect(html).toContain('>Nobody</option>');
    expect(html).toMatch(/<option value="u1" selected="">Pema Lhamo<\/option>/);
    expect(html).toContain('value="2020-01-05"');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;\nsecond line');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toMatch(/Jan 5, 2025, 3:04\sPM/);
    expect(html).toContain('Internal notes');
    expect(html).toContain('Add note');
    expect(html).toContain('>Clear<');
    for (const intent of ['assign', 'follow-up', 'note']) expect(html).toContain(`name="intent" value="${intent}"`);
    expect(html.match(/name="id" value="b0000000-0000-4000-8000-000000000001"/g)).toHaveLength(4);
    for (const label of ['Assigned to', 'Follow-up date', 'New note'])
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>(<svg.*?</svg>)?${label}</label>`));
  });

  test('without a date: no badge, no Clear; a disabled assignee stays listed', () => {
    const html = render({ assignedTo: { id: 'gone', name: 'Aaron Gone' }, followUpOn: null, notes: [], staff: [] });
    expect(html).not.toContain('Overdue');
    expect(html).not.toContain('Due today');
    expect(html).not.toContain('>Clear<');
    expect(html).toContain('Aaron Gone (disabled)');
    expect(html).toContain('No notes yet.');
  });

  test('today gets Due today', () => {
    const html = render({ assignedTo: null, followUpOn: todayInIndia(), notes: [], staff: [] });
    expect(html).toContain('Due today');
  });
});
