/**
 * What the manifest page and its three downloads share (docs/decisions/050-permits-and-manifests.md#the-manifest):
 * reading `?date=YYYY-MM-DD&permit=<permit id>`, the CSV's columns, and the ZIP of the travellers'
 * documents, streamed from the private identity store. Every download answers
 * `Cache-Control: private, no-store`: identity data never sits in a shared cache.
 */
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { isCalendarDate } from '~/lib/calendar-date';
import { csvStream, type CsvColumn } from '~/lib/csv.server';
import { todayInIndia } from '~/lib/format';
import { identityStore } from '~/lib/identity-store.server';
import { logger } from '~/lib/logger.server';
import { documentFileName, manifestFileStem, type Manifest, type ManifestRow } from '~/models/manifest.server';
import { getSettings } from '~/models/settings.server';

/** The headers of every manifest download. */
export const PRIVATE_DOWNLOAD = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } as const;

/** The day and permit asked for, or the field at fault. No date: today in India; no permit: the first of the settings. */
export async function readManifestQuery(request: Request): Promise<{ date: string; permitId: string } | { field: 'date' | 'permit'; message: string }> {
  const url = new URL(request.url);
  const date = url.searchParams.get('date')?.trim() || todayInIndia();
  if (!isCalendarDate(date)) return { field: 'date', message: 'date: use a day written YYYY-MM-DD' };
  const { permits } = await getSettings(['permits']);
  const permitId = url.searchParams.get('permit')?.trim() || permits.types[0]?.id || '';
  if (!permits.types.some((t) => t.id === permitId)) return { field: 'permit', message: 'permit: no permit in the settings has this identifier' };
  return { date, permitId };
}

/** A 400 naming the query parameter at fault. */
export function badQuery(message: string): Response {
  return new Response(`${message}\n`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE_DOWNLOAD } });
}

/** The CSV's columns: one row per traveller. */
export const MANIFEST_CSV_COLUMNS: CsvColumn<ManifestRow>[] = [
  { header: 'Booking', value: (r) => r.reference },
  { header: 'Traveller no', value: (r) => r.position },
  { header: 'Name', value: (r) => r.fullName },
  { header: 'Gender', value: (r) => r.gender },
  { header: 'Date of birth', value: (r) => r.dateOfBirth },
  { header: 'Age', value: (r) => r.age },
  { header: 'Nationality', value: (r) => r.nationality },
  { header: 'ID type', value: (r) => r.idType },
  { header: 'ID number', value: (r) => r.idNumber },
  { header: 'Passport number', value: (r) => r.passportNumber },
  { header: 'Visa number', value: (r) => r.visaNumber },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Documents', value: (r) => r.documents },
  { header: 'Itinerary day', value: (r) => r.day },
];

/** The manifest as a streamed CSV download. */
export function manifestCsvResponse(manifest: Manifest, permitId: string): Response {
  async function* rows() {
    yield* manifest.rows;
  }
  return new Response(csvStream(rows(), MANIFEST_CSV_COLUMNS), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${manifestFileStem(manifest.date, permitId)}.csv"`,
      ...PRIVATE_DOWNLOAD,
    },
  });
}

/** The documents of the manifest's travellers as ZIP entries: '<ref>-<no>-photo.jpg', '<ref>-<no>-id.jpg'. */
export function manifestDocuments(manifest: Manifest): { name: string; key: string }[] {
  return manifest.rows.flatMap((r) => {
    if (r.position === null) return [];
    const files: { name: string; key: string }[] = [];
    if (r.photoKey) files.push({ name: documentFileName(r.reference, r.position, 'photo', r.photoKey), key: r.photoKey });
    if (r.idScanKey) files.push({ name: documentFileName(r.reference, r.position, 'id', r.idScanKey), key: r.idScanKey });
    return files;
  });
}

/**
 * The ZIP of the manifest's documents, streamed: each file is read from the identity store only when
 * the archive is ready for it (one open file at a time), stored without recompression (the images
 * are JPEG or PNG already). A document missing from the store is left out and logged.
 */
export function manifestZipResponse(manifest: Manifest, permitId: string): Response {
  const archive = new ZipArchive({ store: true });
  const store = identityStore();
  const files = manifestDocuments(manifest);
  void (async () => {
    try {
      for (const file of files) {
        const stored = await store.get(file.key);
        if (!stored?.body) {
          logger.warn({ key: file.key }, 'manifest document missing from the identity store');
          continue;
        }
        const added = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
        archive.append(stored.body, { name: file.name, date: new Date(`${manifest.date}T00:00:00Z`) });
        await added;
      }
      await archive.finalize();
    } catch (error) {
      logger.error({ err: error }, 'manifest zip failed');
      archive.abort();
    }
  })();
  return new Response(Readable.toWeb(archive) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${manifestFileStem(manifest.date, permitId)}-documents.zip"`,
      ...PRIVATE_DOWNLOAD,
    },
  });
}
