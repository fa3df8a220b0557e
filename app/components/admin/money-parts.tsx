/**
 * Small pieces the money panel (money-panel.tsx) and its tax documents part (tax-documents.tsx)
 * share: a form's busy state by its intent, the error line under a field, a part's heading.
 */
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';

/** Whether a form posting `intent` is on its way (its button says so). */
export function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

/** The message under a field (empty: nothing shown), announced when it changes. */
export function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {message}
    </p>
  );
}

/** A part's heading inside the panel. */
export function SubHeading({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
      {icon}
      {children}
    </h3>
  );
}
