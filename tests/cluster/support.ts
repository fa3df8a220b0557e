/**
 * Helpers of the cluster suite (tests/cluster/cluster.test.ts): free loopback ports and direct
 * database reads. The throwaway database comes from tests/durability/database.ts, the counting
 * SMTP server from tests/support/smtp-counter.ts.
 */
import net from 'node:net';
import pg from 'pg';

/** Run `read` with one connection to `url`. */
export async function withClient<T>(url: string, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await read(client);
  } finally {
    await client.end();
  }
}

/** `count` consecutive free ports (the cluster's proxy and its instances), from a random start. */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const start = 20_000 + Math.floor(Math.random() * 30_000);
    const taken = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        new Promise<boolean>((resolve) => {
          const probe = net.createServer();
          probe.once('error', () => resolve(true));
          probe.listen(start + i, '127.0.0.1', () => probe.close(() => resolve(false)));
        }),
      ),
    );
    if (!taken.some(Boolean)) return start;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

