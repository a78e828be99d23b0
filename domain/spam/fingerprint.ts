/**
 * A fingerprint of a submission's content for the cross-site duplicate rule:
 * SHA-256 of the field names and values, values trimmed, lowercased and with
 * whitespace collapsed, names sorted. Submissions with little text (under 20
 * characters in all) get none: "yes", "hello" or an empty form repeat by
 * chance.
 */
import { sha256Hex } from "../kernel/crypto.ts";

/** How long a fingerprint is remembered. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
const MIN_TEXT = 20;

export function contentFingerprint(fields: Record<string, string>): string | null {
  // One pass over own names (Object.entries' order), pairs built only for filled
  // values, no destructuring: the same JSON, hashed, as map, filter and sort made.
  const norm: [string, string][] = [];
  let text = 0;
  for (const k in fields) {
    if (!Object.hasOwn(fields, k)) continue;
    const v = fields[k].trim().toLowerCase().replace(/\s+/g, " ");
    if (v === "") continue;
    norm.push([k.trim().toLowerCase(), v]);
    text += v.length;
  }
  if (text < MIN_TEXT) return null;
  norm.sort(byName);
  return sha256Hex(JSON.stringify(norm));
}

const byName = (a: [string, string], b: [string, string]) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
