/**
 * Flash toasts (admin mutations end in a redirect with a toast,
 * docs/architecture.md#sessions-and-the-admin-guard). An action puts `{ type, title }` in a
 * short-lived cookie; the admin layout's loader reads it once, clears it and the page shows it with
 * sonner. Works without JavaScript too: the layout renders the message as a status line.
 */
import { redirect } from 'react-router';
import { z } from 'zod';
import { flashCookie } from './cookies.server';

export const flashToastSchema = z.object({
  type: z.enum(['success', 'error', 'info']),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

/** A `Set-Cookie` value carrying `toast` to the next page. */
export async function toastCookieHeader(toast: FlashToast): Promise<string> {
  return flashCookie().serialize(toast);
}

/** Redirect to `url` and show `toast` there. Extra headers (e.g. a session cookie) are kept. */
export async function redirectWithToast(url: string, toast: FlashToast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookieHeader(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The pending flash toast of `request` (or null) and the headers that clear it; a loader returns
 * those headers so the toast shows once.
 */
export async function readToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const raw = await flashCookie().parse(request.headers.get('Cookie'));
  const headers = new Headers();
  if (raw === null || raw === undefined) return { toast: null, headers };
  headers.append('Set-Cookie', await flashCookie().serialize('', { maxAge: 0 }));
  const parsed = flashToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, headers };
}
