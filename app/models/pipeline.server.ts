/**
 * The staff pipeline of bookings and inquiries (docs/decisions/016-request-pipeline.md): internal
 * notes (who, when), a follow-up date and the staff member a record is assigned to.
 *
 * CONTRACT (stub; the pipeline work fills it in without changing these signatures):
 * - `loadPipeline(kind, id)` → what the panel shows.
 * - `handlePipelineIntent(kind, id, form, actor)` handles a form posted by `PipelinePanel`
 *   (`intent` = 'note' | 'follow-up' | 'assign'); null when the form's intent is none of these, so
 *   the host route's action can handle its own intents.
 */
import type { AuditActor } from './audit.server';

export type RecordKind = 'booking' | 'inquiry';

/** Intents the panel's forms post (field `intent`). */
export const PIPELINE_INTENTS = ['note', 'follow-up', 'assign'] as const;
export type PipelineIntent = (typeof PIPELINE_INTENTS)[number];

export type PipelineNote = { id: string; authorName: string; body: string; createdAt: string };

export type PipelineData = {
  assignedTo: { id: string; name: string } | null;
  /** ISO date (Asia/Kolkata calendar day) or null. */
  followUpOn: string | null;
  /** Newest first. */
  notes: PipelineNote[];
  /** Staff a record can be assigned to (accounts not disabled), by name. */
  staff: { id: string; name: string }[];
};

export type PipelineResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

export async function loadPipeline(_kind: RecordKind, _id: string): Promise<PipelineData> {
  return { assignedTo: null, followUpOn: null, notes: [], staff: [] };
}

export async function handlePipelineIntent(_kind: RecordKind, _id: string, _form: FormData, _actor: AuditActor): Promise<PipelineResult | null> {
  return null;
}
