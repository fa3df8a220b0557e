/**
 * Small rewrites of an editor's form data before the write schema reads it, shared by the browser
 * (Conform's onValidate) and the route action so both see the same values.
 */

/**
 * Textareas whose name matches `pattern` hold a list, one entry per line (itinerary activities):
 * each becomes the entries `name[0]`, `name[1]`... that the write schema reads as a list. Blank
 * lines are left out; other entries are copied unchanged and in order.
 */
export function splitLines(formData: FormData, pattern: RegExp): FormData {
  const out = new FormData();
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string' && pattern.test(name)) {
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .forEach((line, index) => out.append(`${name}[${index}]`, line));
    } else {
      out.append(name, value);
    }
  }
  return out;
}
