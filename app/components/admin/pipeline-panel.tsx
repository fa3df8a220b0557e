/**
 * The pipeline panel of a booking or an inquiry (docs/decisions/016-request-pipeline.md): assigned
 * staff member, follow-up date and internal notes, each a small form posting to `action`.
 *
 * CONTRACT (stub; the pipeline work fills it in without changing the props): forms post
 * `intent` = 'note' | 'follow-up' | 'assign' to `action` (default: the current route), which passes
 * them to `handlePipelineIntent` (app/models/pipeline.server.ts).
 */
import type { PipelineData, RecordKind } from '~/models/pipeline.server';

export function PipelinePanel(_props: { kind: RecordKind; recordId: string; data: PipelineData; action?: string }) {
  return null;
}
