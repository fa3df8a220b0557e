/**
 * A test SMTP server that counts what it accepted per Message-ID and can hold its answers back
 * (tests/integration/outbox-claim.test.ts, tests/cluster/cluster.test.ts).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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
          // smtp-server drops a connection from `connections` as soon as its socket closes (its
          // onClose hook only runs a turn later).
          const open = [...(server as unknown as { connections: Set<{ id: string }> }).connections].some((c) => c.id === session.id);
          if (closed.has(session.id) || !open) return;
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
    /** How many connections from these client ports the server still counts as open. */
    openConnectionsFrom: (ports: ReadonlySet<number>) =>
      [...(server as unknown as { connections: Set<{ remotePort: number }> }).connections].filter((c) => ports.has(c.remotePort)).length,
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
