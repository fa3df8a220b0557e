/**
 * Helpers of the cluster suite (tests/cluster/cluster.test.ts): a throwaway PostgreSQL database,
 * free loopback ports, and a test SMTP server that counts what it accepted per Message-ID and can
 * hold its answers back.
 */
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

/** Create an empty database `cluster_<random>` on the server of `adminUrl`; returns its URL and a drop function. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

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

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
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

/**
 * A test SMTP server on 127.0.0.1. A message counts as delivered when the server answers 250 to it:
 * `deliveries` maps each Message-ID to how many times that happened. `hold()` keeps the 250s back
 * (the senders wait mid-conversation) until `release()`; a held message whose sender has gone by
 * then was never accepted, as with a real server, and is not counted.
 */
export async function startSmtpCounter() {
  const deliveries = new Map<string, number>();
  const closed = new Set<string>();
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const accept = () => {
          if (closed.has(session.id)) return;
          const id = /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '(none)';
          deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    /** Messages whose 250 is being held back right now. */
    heldCount: () => held?.length ?? 0,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const accept of waiting) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
