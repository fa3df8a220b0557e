/**
 * A small notice at the top of every back-office page while the server runs without PUBLIC_URL
 * (docs/decisions/045-security-round-two.md, section 10): links in e-mails, the sitemap and the
 * Origin check then use http://localhost:PORT. The admin layout passes the text its loader chose, or
 * null (nothing shown).
 */
import { Info } from 'lucide-react';

/** What the notice says when PUBLIC_URL is not set. */
export const PUBLIC_URL_NOTICE =
  'PUBLIC_URL is not set: links in e-mails and the sitemap point at localhost. Set it to the site’s https:// address and restart (docs/deploy.md).';

/** The notice, or nothing when `message` is null. */
export function SetupNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="note" className="mb-4 flex items-start gap-2 rounded-lg border border-forest-200 bg-forest-50 px-3 py-2 text-sm text-forest-800">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
