/**
 * The upload control placed beside an image URL field (docs/decisions/010-maps-video-images.md,
 * "Uploads"): a button that opens the file picker (JPEG, PNG or WebP), sends the file to
 * POST /api/uploads and hands the stored image to `onUploaded`, which sets the field's value.
 *
 * While the file is sent the button reads 'Uploading...'. A failure is shown under the button
 * (role=alert) and as a toast, in the API-failure wording of docs/product.md: the response's own
 * message, else 'Error: {status} {statusText}', else 'Unknown error occurred'.
 *
 * Needs JavaScript: before hydration the button is disabled, and the URL field beside it still works.
 */
import { ImageUp, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';
import type { ImageVariant } from '~/lib/image-variants';

/** What POST /api/uploads answers with 201: `url` is the widest variant. */
export type UploadedImage = { url: string; variants: ImageVariant[] };

/** The file types the picker offers (the server decides by content anyway). */
const ACCEPT = 'image/jpeg,image/png,image/webp';
/** The server's byte limit (10 MB), checked here first to spare sending a file that will be refused. */
const MAX_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'The image is larger than 10 MB. Choose a smaller file.';
const UNKNOWN_ERROR = 'Unknown error occurred';

/** The message of a failed upload response: its issue or `error` text, else 'Error: {status} {statusText}'. */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; issues?: { message?: unknown }[] };
    const issue = Array.isArray(body.issues) ? body.issues.find((i) => typeof i?.message === 'string' && i.message) : undefined;
    if (issue) return issue.message as string;
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `Error: ${response.status} ${response.statusText}`.trim();
}

/**
 * Send `file` to /api/uploads (multipart, same origin, with the session cookie). Resolves the stored
 * image, or throws an Error whose message is ready to show.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  if (file.size > MAX_BYTES) throw new Error(TOO_LARGE);
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/uploads', { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new Error(UNKNOWN_ERROR);
  }
  if (!response.ok) throw new Error(await failureMessage(response));
  try {
    return (await response.json()) as UploadedImage;
  } catch {
    throw new Error(UNKNOWN_ERROR);
  }
}

const noSubscription = () => () => {};

/**
 * 'Upload image' button (or `label`) with a hidden file input; calls `onUploaded` with the stored
 * image after a successful upload. Errors show inline and as a toast.
 */
export function ImageUploadButton({ onUploaded, label = 'Upload image' }: { onUploaded: (result: UploadedImage) => void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const id = useId();

  async function onPick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const result = await uploadImage(file);
      setDone(true);
      onUploaded(result);
    } catch (thrown) {
      const message = thrown instanceof Error && thrown.message ? thrown.message : UNKNOWN_ERROR;
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
      // Let the same file be picked again after a failure.
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col items-start gap-1.5">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => void onPick(event.currentTarget.files?.[0])}
      />
      <Button
        variant="outline"
        disabled={!hydrated || busy}
        aria-busy={busy || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => input.current?.click()}
      >
        {busy ? <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden /> : <ImageUp className="size-4" aria-hidden />}
        {busy ? 'Uploading...' : label}
      </Button>
      <p role="status" className={done && !busy ? 'text-sm text-forest-700' : 'sr-only'}>
        {done && !busy ? 'Image uploaded' : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-flag-red">
          {error}
        </p>
      ) : null}
    </div>
  );
}
