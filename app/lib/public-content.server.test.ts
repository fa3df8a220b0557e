/**
 * The shared content cache (app/lib/public-content.server.ts): one load for many readers, a fresh
 * load after every change or after its minute, and nothing kept from a load that failed or that a
 * change overtook.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPublicContentChanged, publicContentChanged, SHARED_CONTENT_TTL_MS, sharedContent, signalPublicWrite } from './public-content.server';

/** A load that counts its calls and resolves when told, with the value given then. */
function controlledLoad() {
  const calls: ((value: string) => void)[] = [];
  const load = () => new Promise<string>((resolve) => calls.push(resolve));
  return { load, calls };
}

let n = 0;
const key = () => `test-key-${(n += 1)}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('sharedContent', () => {
  it('loads once for concurrent and later readers', async () => {
    const k = key();
    const { load, calls } = controlledLoad();
    const readers = [sharedContent(k, load), sharedContent(k, load), sharedContent(k, load)];
    expect(calls).toHaveLength(1);
    calls[0]!('settings v1');
    expect(await Promise.all(readers)).toEqual(['settings v1', 'settings v1', 'settings v1']);
    expect(await sharedContent(k, load)).toBe('settings v1');
    expect(calls).toHaveLength(1);
  });

  it('loads again after a change', async () => {
    const k = key();
    let version = 1;
    const load = vi.fn(async () => `v${version}`);
    expect(await sharedContent(k, load)).toBe('v1');
    version = 2;
    expect(await sharedContent(k, load)).toBe('v1');
    publicContentChanged('test');
    expect(await sharedContent(k, load)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that a change overtook', async () => {
    const k = key();
    const { load, calls } = controlledLoad();
    const before = sharedContent(k, load);
    publicContentChanged('a write committed while the old value was being read');
    calls[0]!('old');
    expect(await before).toBe('old');
    const after = sharedContent(k, load);
    expect(calls).toHaveLength(2);
    calls[1]!('new');
    expect(await after).toBe('new');
  });

  it('loads again once the value is older than its time to live', async () => {
    const k = key();
    const load = vi.fn(async () => 'value');
    await sharedContent(k, load);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SHARED_CONTENT_TTL_MS + 1 });
    await sharedContent(k, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes a failed load to its readers and tries again on the next read', async () => {
    const k = key();
    const load = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValueOnce('back');
    await expect(Promise.all([sharedContent(k, load), sharedContent(k, load)])).rejects.toThrow('database down');
    expect(await sharedContent(k, load)).toBe('back');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('signalPublicWrite', () => {
  it('signals after a write succeeds, and not when it throws', async () => {
    const reasons: string[] = [];
    const stop = onPublicContentChanged((reason) => reasons.push(reason));
    try {
      expect(await signalPublicWrite('package', Promise.resolve(42))).toBe(42);
      await expect(signalPublicWrite('bike', Promise.reject(new Error('constraint')))).rejects.toThrow('constraint');
      expect(reasons).toEqual(['package']);
    } finally {
      stop();
    }
  });
});
