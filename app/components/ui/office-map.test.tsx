/**
 * The office map's frame (docs/decisions/045-security-round-two.md, "Also"): the custom embed from
 * the settings and the OpenStreetMap embed are both framed in a sandbox that lets the map run and
 * open its links in a new tab, and nothing else.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Settings } from '~/schemas/settings';
import { OfficeMap } from './office-map';

const GOOGLE_SRC = 'https://www.google.com/maps/embed?pb=!1m18!1m12';
const office: Settings['map'] = { latitude: 27.3314, longitude: 88.6138, zoom: 15, title: 'Our office', embedCode: '' };

/** The `sandbox` tokens of the rendered frame, or null when it has no sandbox. */
function sandboxOf(map: Settings['map']): string[] | null {
  const html = renderToStaticMarkup(<OfficeMap map={map} />);
  const frame = /<iframe\b[^>]*>/.exec(html)?.[0] ?? '';
  const value = /\ssandbox="([^"]*)"/.exec(frame)?.[1];
  return value === undefined ? null : value.split(/\s+/).filter(Boolean).sort();
}

const ALLOWED = ['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts'];

describe('OfficeMap', () => {
  it('frames a custom embed in a sandbox with only what a map needs: its scripts, its origin and new-tab links', () => {
    const tokens = sandboxOf({ ...office, embedCode: `<iframe src="${GOOGLE_SRC}"></iframe>` });
    expect(tokens).toEqual(ALLOWED);
    // The frame can never move this page, submit forms, download or open dialogs.
    for (const token of ['allow-top-navigation', 'allow-top-navigation-by-user-activation', 'allow-forms', 'allow-downloads', 'allow-modals']) {
      expect(tokens).not.toContain(token);
    }
    expect(renderToStaticMarkup(<OfficeMap map={{ ...office, embedCode: `<iframe src="${GOOGLE_SRC}"></iframe>` }} />)).toContain(`src="${GOOGLE_SRC}"`);
  });

  it('frames the OpenStreetMap embed in the same sandbox', () => {
    expect(sandboxOf(office)).toEqual(ALLOWED);
  });
});
