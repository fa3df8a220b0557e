/**
 * Device names of staff sessions (app/lib/device.ts): the browser and system in plain words, the
 * browsers that also claim to be Chrome or Safari named for themselves, and the fallbacks for an
 * unknown or missing User-Agent.
 */
import { describe, expect, test } from 'vitest';
import { describeDevice } from './device';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('device names', () => {
  test('in plain words from the User-Agent', () => {
    expect(describeDevice(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'),
    ).toBe('Edge on Windows');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15')).toBe(
      'Safari on macOS',
    );
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
    expect(describeDevice('curl/8.5.0', 'bearer')).toBe('curl');
    expect(describeDevice(null, 'bearer')).toBe('API client');
    expect(describeDevice(null)).toBe('Unknown browser');
  });

  test('browsers built on Chrome, and Chrome and Firefox on iOS, by their own names', () => {
    expect(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0'),
    ).toBe('Opera on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet on Android');
    expect(describeDevice('Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on ChromeOS',
    );
    expect(
      describeDevice('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.0.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Chrome on iPad');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
      ),
    ).toBe('Firefox on iPhone');
    // What the end-to-end tests' headless Chromium sends.
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
  });

  test('only the part that is known when the other is not', () => {
    expect(describeDevice('Mozilla/5.0 Firefox/133.0')).toBe('Firefox');
    expect(describeDevice('Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP2A)')).toBe('Browser on Android');
    expect(describeDevice('Backup-script/1.0 (Linux x86_64)', 'bearer')).toBe('API client on Linux');
    expect(describeDevice('okhttp/4.12.0', 'bearer')).toBe('API client');
    expect(describeDevice('', 'cookie')).toBe('Unknown browser');
  });
});
