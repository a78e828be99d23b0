/**
 * Shared pieces of the zod request schemas: lengths counted in characters (code
 * points, what a user means by "up to 200 chars"), email addresses (wrappers of
 * domain/kernel/address.ts, the one address parser), and the translation of zod
 * issues into the `details` of `invalid_payload`.
 */
import { z } from "zod";
import { type FieldIssue, invalidPayload } from "./errors.ts";
import { addressKey, isAddress, parseAddress } from "./address.ts";

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

/**
 * A string of `min`..`max` characters. The bounds are also written as JSON
 * Schema metadata (maxLength counts code points there too) for the OpenAPI
 * documents (domain/api_docs/).
 */
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
  }).meta(min > 0 ? { minLength: min, maxLength: max } : { maxLength: max });
}

/** Whether `s` is one email address (domain/kernel/address.ts, the one parser). */
export function isEmail(s: string): boolean {
  return isAddress(s);
}

/**
 * An email address (domain/kernel/address.ts), given in its canonical form: the
 * domain in ASCII (IDNA), lowercase; the local part as written.
 */
export function email() {
  return z.string().transform((s, ctx) => {
    const a = parseAddress(s);
    if (!a.ok) {
      ctx.issues.push({ code: "custom", input: s, message: a.reason });
      return z.NEVER;
    }
    return a.value.address;
  });
}

/**
 * An email address in the lowercase form that is stored and compared
 * (suppressions, unsubscribes, enrollments; spec: "stored lowercase").
 */
export function emailKey() {
  return z.string().transform((s, ctx) => {
    const a = parseAddress(s);
    const key = a.ok ? addressKey(a.value.address) : null;
    if (key === null) {
      ctx.issues.push({
        code: "custom",
        input: s,
        message: a.ok ? "must be a valid email address in lowercase too" : a.reason,
      });
      return z.NEVER;
    }
    return key;
  });
}

/**
 * The lowercase form addresses are stored and compared in (suppressions,
 * unsubscribes, enrollments); for a string that is no address, just trimmed
 * and lowercased.
 */
export function normalizeEmail(s: string): string {
  return addressKey(s.trim()) ?? s.trim().toLowerCase();
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
  return error.issues.flatMap((i) => unionBranch(i)).map((i) => ({
    field: i.path.length ? i.path.map(String).join(".") : "(body)",
    message: i.message,
  }));
}

type Issue = { code: string; path: PropertyKey[]; message: string; errors?: Issue[][] };

/**
 * A union none of whose options matched, told by the one option whose type
 * matched (`to: "bad@"` tells why the address is refused rather than "must
 * be an address or an array").
 */
function unionBranch(i: Issue): Issue[] {
  if (i.code !== "invalid_union" || !i.errors?.length) return [i];
  const typed = i.errors.filter((b) =>
    !b.some((x) => x.code === "invalid_type" && x.path.length === 0)
  );
  if (typed.length !== 1) return [i];
  return typed[0].flatMap((x) => unionBranch({ ...x, path: [...i.path, ...x.path] }));
}

/** Parses `input` with `schema`, throwing `invalid_payload` with details on failure. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalidPayload(issuesToDetails(r.error));
  return r.data;
}
