/**
 * The recovery codes of two-factor sign-in, shown once right after they were made
 * (docs/decisions/004-staff-authentication.md#two-factor-sign-in): the ten codes, a download as a
 * text file (a plain link, so it works without JavaScript), a copy button once JavaScript runs, and
 * a link that closes the panel. The server keeps only their hashes; the page cannot show them again.
 */
import { Check, Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '~/components/admin/editor/use-hydrated';
import { buttonClass } from '~/components/ui/button';

export function RecoveryCodes({ title, codes, username }: { title: string; codes: string[]; username: string }) {
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  const canCopy = useHydrated();
  const text = `Recovery codes for ${username}\nEach code works once.\n\n${codes.join('\n')}\n`;

  useEffect(() => {
    // The codes are the news of this page: bring them into view and to the screen reader.
    panelRef.current?.scrollIntoView({ block: 'start' });
    panelRef.current?.focus();
  }, [codes]);

  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      className="scroll-mt-6 rounded-xl border-2 border-marigold bg-[#fff8e6] p-4 focus:outline-none sm:p-5"
    >
      <h3 id={headingId} className="font-sans text-base font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 text-sm text-ink">
        Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your phone.{' '}
        <strong className="font-semibold">They are shown only now.</strong>
      </p>
      <ol aria-label="Recovery codes" className="mt-4 grid grid-cols-1 gap-2 min-[380px]:grid-cols-2 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-white px-3 py-2 text-center font-mono text-base tracking-wider text-ink ring-1 ring-forest-100">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`recovery-codes-${username}.txt`}
          className={buttonClass('outline', 'md')}
        >
          <Download className="size-4" aria-hidden />
          Download
        </a>
        {canCopy ? (
          <button
            type="button"
            className={buttonClass('outline', 'md')}
            onClick={() => {
              void navigator.clipboard?.writeText(text).then(() => setCopied(true));
            }}
          >
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </button>
        ) : null}
        <Link to="/admin/profile#two-factor" replace className={buttonClass('primary', 'md')}>
          I have saved them
        </Link>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? 'Recovery codes copied' : ''}
      </p>
    </div>
  );
}
