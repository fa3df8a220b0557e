/**
 * A graceful stop (SIGTERM, as a deploy or `docker stop` sends) finishes the requests under way
 * (server.js: stop accepting, let open requests end, close the database, exit 0;
 * docs/architecture.md). A submission whose body is still arriving when the signal comes gets its
 * 201 and is stored; the process then exits with code 0 well before server.js's 10-second limit.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';
import { withDatabase } from './database';

/** This suite's port (DURABILITY_PORT + 2; 3412 by default). */
const PORT = Number(process.env.DURABILITY_PORT ?? 3410) + 2;

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM while a POST body is half sent: the POST gets its 201, the record is stored, the process exits 0', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'durability-shutdown-'));
  server = await startServer({ port: PORT, dataDir, env: { SEED_ON_START: 'false', LOG_LEVEL: 'warn' } });
  const running = server;
  const marker = `graceful-${randomUUID()}`;
  const body = Buffer.from(
    JSON.stringify({ type: 'contact', name: 'Tashi Namgyal', email: 'tashi@example.com', subject: 'Shutdown', message: `${marker} ${'x'.repeat(4000)}` }),
  );
  const half = Math.floor(body.length / 2);
  let signalledAt = 0;

  const answer = await new Promise<{ status: number; body: { id?: string } }>((resolve, reject) => {
    // Expect: 100-continue makes the server say when it has read the headers and started on the
    // request, so the signal surely comes while the request is under way, not before it arrived.
    const request = http.request(`${running.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), Expect: '100-continue', Connection: 'close' },
    });
    request.on('error', reject);
    request.on('continue', () => {
      request.write(body.subarray(0, half), () => {
        signalledAt = Date.now();
        running.child.kill('SIGTERM');
        // The rest of the body only once the server has begun its shutdown.
        running
          .waitForOutput(/SIGTERM received/)
          .then(() => request.end(body.subarray(half)))
          .catch(reject);
      });
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      response.on('error', reject);
    });
    request.flushHeaders();
  });

  expect(answer.status, running.logs()).toBe(201);
  const exit = await running.exited;
  const exitTime = Date.now() - signalledAt;
  expect(exit, running.logs()).toEqual({ code: 0, signal: null });
  expect(exitTime).toBeLessThan(10_000);
  console.log(`graceful shutdown: the half-sent POST got ${answer.status}; exit code ${exit.code} ${exitTime} ms after SIGTERM`);

  const rows = await withDatabase({ kind: 'pglite', dataDir }, (query) =>
    query<{ id: string }>('select id::text as id from inquiries where message like $1', [`${marker}%`]),
  );
  expect(rows).toEqual([{ id: answer.body.id }]);
});
