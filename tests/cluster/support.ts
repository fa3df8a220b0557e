/**
 * Helpers of the cluster suite (tests/cluster/cluster.test.ts): free loopback ports, direct
 * database reads, and which connections an instance has open. The throwaway database comes from tests/durability/database.ts, the counting
 * SMTP server from tests/support/smtp-counter.ts.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
      Array.from(
        { length: count },
        (_, i) =>
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
 * The local ports of the TCP connections that process `pid` has open to port `remotePort` (Linux
 * only: its socket inodes in /proc/<pid>/fd, looked up in its /proc/<pid>/net/tcp and tcp6 tables).
 * Read it while the process is stopped (SIGSTOP), so it opens no connection meanwhile.
 */
export function connectionPortsOf(pid: number, remotePort: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]!);
    } catch {
      // closed while the list was read
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    if (!existsSync(`/proc/${pid}/net/${table}`)) continue; // no IPv6
    // Columns: sl, local_address, rem_address (hex address:port), st, queues, timers, retrnsmt, uid, timeout, inode.
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length < 10 || !inodes.has(columns[9]!)) continue;
      const portOf = (address: string) => Number.parseInt(address.split(':').at(-1)!, 16);
      if (portOf(columns[2]!) === remotePort) ports.add(portOf(columns[1]!));
    }
  }
  return ports;
}
