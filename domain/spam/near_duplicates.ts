/**
 * The text of a submission that near-duplicate detection compares: the values
 * of its fields except addresses, phones and names (which change from one copy
 * of a campaign to the next), in field-name order; and its MinHash band keys.
 */
import { bandKeys, minhash, type Signature } from "./model/minhash.ts";

const SKIP_FIELD = /e-?mail|phone|tel|name|nombre|ip$|^_|token|captcha/i;

export function comparableText(fields: Record<string, string>): string {
  return Object.keys(fields).sort()
    .filter((k) => !SKIP_FIELD.test(k))
    .map((k) => String(fields[k] ?? ""))
    .filter((v) => v.trim() !== "")
    .join("\n");
}

export function signatureOf(fields: Record<string, string>): Signature | null {
  return minhash(comparableText(fields));
}

/** The eight band keys of a submission's text, or none when it is too short. */
export function nearDuplicateBands(fields: Record<string, string>): string[] {
  const sig = signatureOf(fields);
  return sig ? bandKeys(sig) : [];
}
