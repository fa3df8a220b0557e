/**
 * The text of a PDF, one string per page, for tests that check what a generated document says
 * (docs/decisions/047-invoices-gst.md, "The PDF"). Uses pdfjs-dist's Node build; the text is what a
 * reader would copy: pieces on one line are joined as they are drawn, each line ends with '\n'.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Extract each page's text from `bytes` (a whole PDF file). Rejects if pdf.js cannot parse it. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
