/**
 * Runs before every test file: a fresh migrated database per file (closed after), and any
 * console.error during a test fails it (docs/architecture.md#tests).
 */
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setDatabase, type DatabaseHandle } from '~/db/client.server';
import { useTestDatabase } from './test-database';

let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  handle = await useTestDatabase();
});

afterAll(async () => {
  await handle?.close();
  setDatabase(undefined);
});

const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called during the test:\n${calls.map((c) => c.join(' ')).join('\n')}`);
});
