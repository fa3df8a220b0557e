/**
 * The status of an inquiry as a small coloured pill (docs/product.md#inquiry-status: pending,
 * completed, rejected). Colours keep 4.5:1 contrast on their tint.
 */
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';
import type { InquiryStatus } from '~/lib/constants';
import { INQUIRY_STATUS_LABELS } from '~/schemas/inquiry-admin';

const tones: Record<InquiryStatus, StatusTone> = { pending: 'pending', completed: 'ok', rejected: 'bad' };

export function InquiryStatusPill({ status, className }: { status: InquiryStatus; className?: string }) {
  return (
    <StatusPill tone={tones[status]} dot className={className}>
      {INQUIRY_STATUS_LABELS[status]}
    </StatusPill>
  );
}
