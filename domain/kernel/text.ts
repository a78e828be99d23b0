/**
 * Shortening user text without breaking it. `String.prototype.slice` counts
 * UTF-16 code units and can cut a surrogate pair in half; the lone half turns
 * into U+FFFD (or worse, a byte the next writer misreads) in headers, events
 * and pages. These count code points, like `str(max)` in validation.ts.
 */

/** At most `max` code points of `text`, never half a character. */
export function clipChars(text: string, max: number): string {
  if (text.length <= max) return text; // every code point is at least one unit
  let units = 0;
  let points = 0;
  while (units < text.length && points < max) {
    const c = text.codePointAt(units)!;
    units += c > 0xffff ? 2 : 1;
    points++;
  }
  return text.slice(0, units);
}

/** `text` shortened to `max` code points with "…" as the last one when cut. */
export function ellipsize(text: string, max: number): string {
  const cut = clipChars(text, max);
  return cut.length === text.length ? text : clipChars(cut, max - 1) + "…";
}
