/**
 * schema.org JSON-LD (docs/decisions/012-seo-and-accessibility.md) as
 * `<script type="application/ld+json">`. The JSON is escaped so that no text from the database can
 * close the script element or open a comment: '<', '>' and '&' become \u003c, \u003e and \u0026
 * (still the same JSON for a parser).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
