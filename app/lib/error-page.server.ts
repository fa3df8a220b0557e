/**
 * The answer of last resort (docs/decisions/039-errors-that-explain-themselves.md): when an error
 * escapes React Router (or happens before it), Express's error middleware in server/app.ts answers
 * with this branded page, or `{error, requestId}` on the API, never Express's bare default page,
 * a stack trace or SQL. The request id matches the log line of the error.
 */
import { SITE_NAME } from './meta';

/** Escape text for HTML (the id comes from us, but the page never trusts anything). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The branded 500 page: self-contained (no scripts, one inline style), readable without CSS. */
export function errorPageHtml(requestId: string): string {
  const id = escapeHtml(requestId);
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Something went wrong | ${escapeHtml(SITE_NAME)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8faf9;color:#1c2624;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center;padding:24px;box-sizing:border-box}
main{max-width:36rem}
.code{font-size:3.5rem;font-weight:600;color:#0f4c45;margin:0}
h1{font-size:1.75rem;margin:.25rem 0 .75rem}
p{color:#4b5a57;margin:0 0 1rem}
code{background:#eef6f4;border-radius:6px;padding:2px 6px;color:#0f4c45}
a{display:inline-block;margin-top:.5rem;border-radius:999px;background:#0f4c45;color:#fff;padding:.75rem 1.5rem;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1f7a6d;outline-offset:3px}
</style>
</head>
<body>
<main>
<p class="code">500</p>
<h1>Something went wrong</h1>
<p>Please try again in a moment. If it keeps happening, call or message us and mention this reference: <code id="request-id">${id}</code></p>
<a href="/">Back to Home</a>
</main>
</body>
</html>
`;
}
