/**
 * Shared pieces of the zod request schemas: lengths counted in characters (code
 * points, what a user means by "up to 200 chars"), email addresses, and the
 * translation of zod issues into the `details` of `invalid_payload`.
 */
import { z } from "zod";
import { type FieldIssue, invalidPayload } from "./errors.ts";

/** Number of Unicode code points (an emoji counts once, unlike `.length`). */
export function charLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** A string of `min`..`max` characters. */
export function str(max: number, min = 0) {
  return z.string().check((ctx) => {
    const len = ctx.value.length;
    // A string of `len` UTF-16 units has between len / 2 and len characters:
    // most values need no counting (a 3 KB body against a 500,000 limit).
    if (len <= max && Math.ceil(len / 2) >= min) return;
    const n = charLength(ctx.value);
    if (n > max) {
      ctx.issues.push({
        code: "too_big",
        maximum: max,
        origin: "string",
        input: ctx.value,
        message: `must be at most ${max} characters (got ${n})`,
      });
    } else if (n < min) {
      ctx.issues.push({
        code: "too_small",
        minimum: min,
        origin: "string",
        input: ctx.value,
        message: min === 1 ? "must not be empty" : `must be at least ${min} characters`,
      });
    }
  });
}

// Pragmatic address check: one @, a non-empty local part without spaces or
// angle brackets, and a dotted domain of letters, digits and hyphens (IDNs in
// their Unicode form are accepted).
const EMAIL_RE =
  /^[^\s@<>()[\]\\,;:"]+(?:\.[^\s@<>()[\]\\,;:"]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

export function isEmail(s: string): boolean {
  return s.length <= 320 && EMAIL_RE.test(s) && !/[\r\n]/.test(s);
}

/** An email address of at most 320 characters. */
export function email() {
  return z.string().check((ctx) => {
    if (!isEmail(ctx.value)) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: ctx.value.length > 320
          ? "must be at most 320 characters"
          : "must be a valid email address",
      });
    }
  });
}

export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

/** A full absolute http(s) URL. */
export function httpUrl(max = 2000) {
  return str(max).check((ctx) => {
    if (!isHttpUrl(ctx.value)) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: "must be a full URL starting with http:// or https://",
      });
    }
  });
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export function issuesToDetails(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({
    field: i.path.length ? i.path.map(String).join(".") : "(body)",
    message: i.message,
  }));
}

/** Parses `input` with `schema`, throwing `invalid_payload` with details on failure. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalidPayload(issuesToDetails(r.error));
  return r.data;
}
