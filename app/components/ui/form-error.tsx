/** A form-level error (not tied to one field), announced to screen readers. */
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';

export function FormError({ id, errors, className }: { id?: string; errors?: string[] | string | null; className?: string }) {
  const list = (Array.isArray(errors) ? errors : errors ? [errors] : []).filter(Boolean);
  return (
    <div id={id} role="alert" aria-live="assertive" className={cn(list.length === 0 && 'hidden', className)}>
      {list.length > 0 ? (
        <div className="flex items-start gap-2 rounded-xl border border-flag-red/30 bg-flag-red/5 px-4 py-3 text-sm text-flag-red">
          <Icon name="circle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
          <div>
            {list.map((e) => (
              <p key={e}>{e}</p>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
