/**
 * The custom map embed check (docs/decisions/010-maps-video-images.md#maps): a corpus of hostile
 * snippets is refused, each with a message; real Google, OpenStreetMap and Bing iframes are accepted
 * and re-emitted as our own markup with only the normalised src.
 */
import { describe, expect, test } from 'vitest';
import { mapEmbedHtml, parseMapEmbed } from './map-embed';

const GOOGLE_SRC =
  'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3545.5!2d88.6065!3d27.3314!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x0!2zMjfCsDE5JzUzLjAiTiA4OMKwMzYnMjMuNCJF!5e0!3m2!1sen!2sin!4v1700000000000!5m2!1sen!2sin';
/** What Google Maps' Share → Embed a map gives. */
const GOOGLE = `<iframe src="${GOOGLE_SRC}" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" referrerpolicy="no-referrer-when-downgrade"></iframe>`;
/** The iframe of OpenStreetMap's Share → HTML (without the trailing 'View Larger Map' link). */
const OSM =
  '<iframe width="425" height="350" src="https://www.openstreetmap.org/export/embed.html?bbox=88.58%2C27.31%2C88.61%2C27.33&amp;layer=mapnik&amp;marker=27.3187%2C88.5963" style="border: 1px solid black"></iframe>';
const BING =
  "<iframe width='500' height='400' frameborder='0' src='https://www.bing.com/maps/embed?h=400&amp;w=500&amp;cp=27.3187~88.5963&amp;lvl=15&amp;typ=d&amp;sty=r&amp;src=SHELL&amp;FORM=MBEDV8' scrolling='no'></iframe>";

const good = (src: string) => `<iframe src="${src}"></iframe>`;

/** Hostile or malformed codes: each must be refused. */
const HOSTILE: Record<string, string> = {
  'a script tag': '<script>alert(1)</script>',
  'a script before the iframe': `<script>alert(1)</script>${GOOGLE}`,
  'a script inside the iframe': `<iframe src="${GOOGLE_SRC}"><script>alert(1)</script></iframe>`,
  'a script in an attribute value': `<iframe src="${GOOGLE_SRC}" title="<script>alert(1)</script>"></iframe>`,
  'a mixed-case script tag': '<ScRiPt src="https://www.google.com/maps/x.js"></sCrIpT>',
  'a script tag with spaces': '< script >alert(1)</ script >',
  'a javascript: src': good('javascript:alert(1)'),
  'a JavaScript: src in capitals': good('JAVASCRIPT:alert(1)'),
  'a javascript: src with a tab': good('java\tscript:alert(1)'),
  'a javascript: src with a line break': good('java\nscript:alert(1)'),
  'a javascript: src with leading spaces': good('  javascript:alert(1)'),
  'a data: src': good('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
  'a data: src naming the host': good('data:text/html,https://www.google.com/maps'),
  'a vbscript: src': good('vbscript:msgbox(1)'),
  'an http src': good('http://www.google.com/maps/embed?pb=1'),
  'an onload handler': `<iframe src="${GOOGLE_SRC}" onload="alert(1)"></iframe>`,
  'an ONLOAD handler in capitals': `<IFRAME SRC="${GOOGLE_SRC}" ONLOAD="alert(1)"></IFRAME>`,
  'an unquoted onerror handler': `<iframe src="${GOOGLE_SRC}" onerror=alert(1)></iframe>`,
  'an onmouseover handler': `<iframe onmouseover='alert(1)' src="${GOOGLE_SRC}"></iframe>`,
  'a srcdoc': `<iframe srcdoc="<script>alert(1)</script>" src="${GOOGLE_SRC}"></iframe>`,
  'a srcdoc without script': `<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>`,
  'a sandbox-free unknown attribute': `<iframe src="${GOOGLE_SRC}" formaction="javascript:alert(1)"></iframe>`,
  'a host not on the list': good('https://evil.example.com/maps/embed'),
  'a look-alike host (allowed name as a subdomain)': good('https://maps.google.com.evil.tld/maps'),
  'a look-alike host (www.google.com.evil.tld)': good('https://www.google.com.evil.tld/maps/embed?pb=1'),
  'a look-alike host (suffix)': good('https://evilgoogle.com/maps'),
  'a look-alike host (unicode o)': good('https://www.gοogle.com/maps/embed?pb=1'),
  'a host with a trailing dot': good('https://www.google.com./maps/embed?pb=1'),
  'userinfo naming the allowed host': good('https://www.google.com@evil.tld/maps'),
  'userinfo with a password': good('https://www.google.com:pass@evil.tld/maps'),
  'userinfo on the allowed host': good('https://user@www.google.com/maps/embed?pb=1'),
  'a backslash userinfo trick': good('https://www.google.com\\@evil.tld/maps'),
  'a protocol-relative src': good('//evil.tld/maps'),
  'a protocol-relative src to an allowed host': good('//www.google.com/maps/embed?pb=1'),
  'a relative src': good('/maps/embed?pb=1'),
  'a port': good('https://www.google.com:8443/maps/embed?pb=1'),
  'a path off the map service': good('https://www.google.com/search?q=x'),
  'a path that only starts like the map path': good('https://www.google.com/mapsevil/x'),
  'an OpenStreetMap page that is not the embed': good('https://www.openstreetmap.org/user/evil'),
  'two iframes': `${GOOGLE}${OSM}`,
  'two iframes, the second hostile': `${GOOGLE}<iframe src="https://evil.tld/"></iframe>`,
  'an iframe plus trailing markup': `${OSM}<br/><small><a href="https://www.openstreetmap.org/#map=15/27.3187/88.5963">View Larger Map</a></small>`,
  'an iframe plus a trailing image': `${GOOGLE}<img src=x onerror=alert(1)>`,
  'text before the iframe': `Our map: ${GOOGLE}`,
  'an iframe without its end tag': `<iframe src="${GOOGLE_SRC}">`,
  'content inside the iframe': `<iframe src="${GOOGLE_SRC}">Your browser has no frames</iframe>`,
  'an HTML comment': `<!-- x -->${GOOGLE}`,
  'a comment hiding a second tag': `<iframe src="${GOOGLE_SRC}"></iframe><!--<iframe src="https://evil.tld">-->`,
  'a comment inside the tag': `<iframe <!-- --> src="${GOOGLE_SRC}"></iframe>`,
  'a CDATA section': `<![CDATA[<script>alert(1)</script>]]>${GOOGLE}`,
  'a CDATA src': `<iframe src="<![CDATA[javascript:alert(1)]]>"></iframe>`,
  'a processing instruction': `<?xml version="1.0"?>${GOOGLE}`,
  'a doctype': `<!DOCTYPE html>${GOOGLE}`,
  'a numeric entity hiding javascript:': good('&#106;avascript:alert(1)'),
  'a hex entity hiding javascript:': good('&#x6A;avascript:alert(1)'),
  'a named entity hiding the colon': good('javascript&colon;alert(1)'),
  'an entity in the https scheme': good('https&#58;//www.google.com/maps/embed?pb=1'),
  'an entity in the host': good('https://www.google&#46;com/maps/embed?pb=1'),
  'an entity-encoded @ for userinfo': good('https://www.google.com&#64;evil.tld/maps'),
  'an entity without semicolon': good('https://www.google.com/maps/embed?pb=1&#x40evil'),
  'a quote break-out': `<iframe src="${GOOGLE_SRC}"" onload="alert(1)"></iframe>`,
  'an unterminated quote': `<iframe src="${GOOGLE_SRC} onload=alert(1)></iframe>`,
  'backticks as quotes': '<iframe src=`https://www.google.com/maps/embed?pb=1`></iframe>',
  'a duplicated src': `<iframe src="${GOOGLE_SRC}" src="https://evil.tld/"></iframe>`,
  'a duplicated src in capitals': `<iframe src="${GOOGLE_SRC}" SRC="https://evil.tld/"></iframe>`,
  'no src': '<iframe width="600" height="450"></iframe>',
  'an empty src': '<iframe src=""></iframe>',
  'another tag name': `<frame src="${GOOGLE_SRC}"></frame>`,
  'an object tag': `<object data="${GOOGLE_SRC}"></object>`,
  'an embed tag': `<embed src="${GOOGLE_SRC}">`,
  'a link tag': `<a href="${GOOGLE_SRC}">map</a>`,
  'a NUL byte': `<iframe src="${GOOGLE_SRC}"\u0000 onload="alert(1)"></iframe>`,
  'a vertical tab in the tag': `<iframe\u000Bsrc="${GOOGLE_SRC}"></iframe>`,
  'a non-breaking space as a separator': `<iframe\u00A0src="${GOOGLE_SRC}"></iframe>`,
  'a space inside the src': good('https://www.google.com/maps/embed?pb=1 onload=alert(1)'),
  'a plain URL, no iframe': GOOGLE_SRC,
  'a very long code': `<iframe src="${GOOGLE_SRC}&x=${'a'.repeat(2000)}"></iframe>`,
};

describe('refused', () => {
  test.each(Object.entries(HOSTILE))('%s', (_name, code) => {
    const result = parseMapEmbed(code);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeGreaterThan(10);
  });

  test('the messages say what is wrong', () => {
    const error = (code: string) => {
      const result = parseMapEmbed(code);
      return result.ok ? null : result.error;
    };
    expect(error(HOSTILE['a script tag']!)).toBe('Scripts are not allowed in the embed code');
    expect(error(HOSTILE['two iframes']!)).toBe('Paste only one <iframe>');
    expect(error(HOSTILE['an iframe plus trailing markup']!)).toMatch(/remove anything before or after it/);
    expect(error(HOSTILE['an onload handler']!)).toMatch(/Event handler attributes such as onload are not allowed/);
    expect(error(HOSTILE['a srcdoc without script']!)).toBe('The srcdoc attribute is not allowed');
    expect(error(HOSTILE['a look-alike host (allowed name as a subdomain)']!)).toMatch(/^Map host not allowed: maps\.google\.com\.evil\.tld/);
    expect(error(HOSTILE['userinfo naming the allowed host']!)).toMatch(/user name or password/);
    expect(error(HOSTILE['a protocol-relative src']!)).toBe('The map address must start with https://');
    expect(error(HOSTILE['an http src']!)).toBe('The map address must start with https://');
    expect(error(HOSTILE['a numeric entity hiding javascript:']!)).toMatch(/character references/);
    expect(error(HOSTILE['an HTML comment']!)).toMatch(/Comments, CDATA/);
    expect(error(HOSTILE['a CDATA section']!)).toMatch(/Scripts|Comments, CDATA/);
  });

  test('a pathological code is answered quickly (no catastrophic backtracking)', () => {
    const started = performance.now();
    for (const code of [`<iframe${' a'.repeat(990)}`, `<iframe ${'a='.repeat(990)}`, `<iframe src="${'"'.repeat(1990)}`]) parseMapEmbed(code);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('accepted', () => {
  test.each([
    ['Google Maps', GOOGLE, GOOGLE_SRC],
    ['OpenStreetMap', OSM, 'https://www.openstreetmap.org/export/embed.html?bbox=88.58%2C27.31%2C88.61%2C27.33&layer=mapnik&marker=27.3187%2C88.5963'],
    ['Bing Maps', BING, 'https://www.bing.com/maps/embed?h=400&w=500&cp=27.3187~88.5963&lvl=15&typ=d&sty=r&src=SHELL&FORM=MBEDV8'],
    ['maps.google.com', good('https://maps.google.com/maps?q=Gangtok&amp;output=embed'), 'https://maps.google.com/maps?q=Gangtok&output=embed'],
    [
      'openstreetmap.org without www',
      good('https://openstreetmap.org/export/embed.html?bbox=1,2,3,4'),
      'https://openstreetmap.org/export/embed.html?bbox=1,2,3,4',
    ],
    ['upper-case tag and attribute names', `<IFRAME SRC="${GOOGLE_SRC}" WIDTH="600"></IFRAME>`, GOOGLE_SRC],
    ['whitespace and line breaks around and inside', `\n  <iframe\n    src="${GOOGLE_SRC}"\n    allowfullscreen\n  >\n</iframe >\n`, GOOGLE_SRC],
    ['a self-closing start tag', `<iframe src="${GOOGLE_SRC}" /></iframe>`, GOOGLE_SRC],
    ['an upper-case host', good('https://WWW.GOOGLE.COM/maps/embed?pb=1'), 'https://www.google.com/maps/embed?pb=1'],
  ])('%s', (_name, code, src) => {
    const result = parseMapEmbed(code);
    expect(result).toEqual({ ok: true, src, html: mapEmbedHtml(src) });
  });

  test('the re-emitted markup is ours: only src and fixed attributes, escaped', () => {
    const result = parseMapEmbed(
      `<iframe src="https://www.google.com/maps/embed?pb=1&amp;q=%22x%22" width="9999" style="position:fixed" title="x" class="y"></iframe>`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html).toBe(
      '<iframe src="https://www.google.com/maps/embed?pb=1&amp;q=%22x%22" width="600" height="450" style="border:0" loading="lazy" referrerpolicy="no-referrer-when-downgrade" allowfullscreen></iframe>',
    );
    expect(result.html).not.toMatch(/9999|position|class=/);
  });

  test('re-emitted markup is accepted again unchanged (stored values stay stable)', () => {
    for (const code of [GOOGLE, OSM, BING]) {
      const first = parseMapEmbed(code);
      expect(first.ok).toBe(true);
      if (!first.ok) continue;
      expect(parseMapEmbed(first.html)).toEqual(first);
    }
  });

  test('a quote or angle bracket in the URL never escapes the attribute', () => {
    const result = parseMapEmbed(`<iframe src='https://www.google.com/maps/embed?pb="onload=alert(1)'></iframe>`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.src).toBe('https://www.google.com/maps/embed?pb=%22onload=alert(1)');
    expect(result.html).not.toContain('"onload');
  });
});

test('custom map embeds: one https iframe on an allowed host only', () => {
  expect(parseMapEmbed('<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4"></iframe>')).toMatchObject({ ok: true });
  expect(parseMapEmbed('<iframe src="http://www.openstreetmap.org/x"></iframe>')).toMatchObject({ ok: false });
  expect(parseMapEmbed('<iframe src="https://evil.example.com/x"></iframe>')).toMatchObject({ ok: false });
  expect(parseMapEmbed('<script>alert(1)</script>')).toMatchObject({ ok: false });
  expect(parseMapEmbed('<iframe src="https://www.google.com/maps/embed?pb=1"></iframe><iframe src="https://x.example"></iframe>')).toMatchObject({ ok: false });
});
