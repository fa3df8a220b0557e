import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '~/db/client.server';

test('a DATA_DIR that cannot be created fails with a message naming it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'datadir-'));
  const file = path.join(dir, 'not-a-folder');
  writeFileSync(file, '');
  await expect(openDatabase({ dataDir: path.join(file, 'data') })).rejects.toThrow(`Cannot use DATA_DIR ${path.join(file, 'data')}`);
});

test('an unreachable PostgreSQL fails with the address and no password', async () => {
  await expect(openDatabase({ url: 'postgres://user:secret@127.0.0.1:1/none' })).rejects.toThrow(
    /^Cannot connect to PostgreSQL at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/none/,
  );
});
