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
  const norm = Object.entries(fields)
    .map(([k, v]) => [k.trim().toLowerCase(), v.trim().toLowerCase().replace(/\s+/g, " ")])
    .filter(([, v]) => v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = norm.reduce((n, [, v]) => n + v.length, 0);
  if (text < MIN_TEXT) return null;
  return sha256Hex(JSON.stringify(norm));
}
