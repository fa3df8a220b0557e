/**
 * The status of an inquiry as a small coloured pill (docs/product.md#inquiry-status: pending,
 * completed, rejected). Colours keep 4.5:1 contrast on their tint.
 */
import type { InquiryStatus } from '~/lib/constants';
import { cn } from '~/lib/cn';
import { INQUIRY_STATUS_LABELS } from '~/schemas/inquiry-admin';

const tones: Record<InquiryStatus, { pill: string; dot: string }> = {
  pending: { pill: 'bg-[#fdf3dc] text-[#6b4200] ring-[#e8c77a]', dot: 'bg-[#c98a00]' },
  completed: { pill: 'bg-[#eaf5ee] text-[#1d5e3a] ring-flag-green/30', dot: 'bg-flag-green' },
  rejected: { pill: 'bg-[#fbecea] text-[#8f2a20] ring-flag-red/30', dot: 'bg-flag-red' },
};

const pillClass = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1';

export function InquiryStatusPill({ status, className }: { status: InquiryStatus; className?: string }) {
  const tone = tones[status];
  return (
    <span className={cn(pillClass, tone.pill, className)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', tone.dot)} />
      {INQUIRY_STATUS_LABELS[status]}
    </span>
  );
}
