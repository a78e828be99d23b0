/**
 * The one parser for every email address the service accepts: POST /mail/send
 * (to, cc, bcc, reply_to, original_from), forms/submit (notify_emails,
 * notify_email, the submitter's address), sequences/enroll, and the operator
 * API (site default_notify_email, hosted form notify_email, suppressions,
 * unsubscribes, sending-domain from_address). What it accepts can be written
 * into a header and an SMTP envelope as it is, without any CR, LF or other
 * character that could end a header line.
 *
 * An address (addr-spec) is an RFC 5321 Mailbox with the UTF-8 extension of
 * RFC 6531:
 * - local part: a dot-string of atext, or a quoted string of printable ASCII
 *   and quoted pairs; non-ASCII characters are allowed in either (RFC 6531
 *   UTF8-non-ascii), except control, format, surrogate, private-use,
 *   unassigned and separator characters (Unicode Cc, Cf, Cs, Co, Cn, Zs, Zl,
 *   Zp: this covers NUL, U+0085, U+2028/9, bidi overrides and isolates, zero
 *   widths). At most 64 octets (UTF-8). A quoted local part that does not need
 *   its quotes loses them (`"ann"@x` is `ann@x`, RFC 5321 4.1.2); one that
 *   does may not hold a space, `<` or `>`: SMTP servers that split a command
 *   on spaces or look for the closing `>` (smtp-server among them) would read
 *   the rest of `RCPT TO:<"a> NOTIFY=NEVER"@x>` as parameters.
 * - domain: converted to its ASCII form with IDNA (UTS #46, `domainToASCII` of
 *   node:url, so `例子.广告` becomes `xn--fsqu00a.xn--4rr70v`), lowercase; then
 *   letters, digits and hyphens only, at least two labels of 1 to 63
 *   characters, at most 253 characters (the longest name DNS can hold: 255
 *   octets in wire form), a top-level label that is alphabetic or an A-label.
 *   Address literals (`a@[192.0.2.1]`) are refused: they bypass MX routing and
 *   would let a caller aim the relay at any host.
 * - the whole address at most 254 octets (RFC 5321 4.5.3.1.3: a path of 256
 *   octets less its angle brackets).
 *
 * The address is kept as `local@ascii-domain`; a non-ASCII local part can only
 * be delivered with SMTPUTF8 (`smtpUtf8: true`, see mail/transport.ts).
 *
 * A mailbox item (`Ann <a@example.com>`, what WordPress's wp_mail passes on)
 * is an RFC 5322 name-addr (RFC 6532: UTF-8 allowed): a display name of atoms,
 * dots and quoted strings, then the address in angle brackets, which must pass
 * the grammar above; at most 320 characters in all (the spec's limit).
 * Comments, groups and more than one address are refused.
 *
 * Library choice: both grammars are written out here, each a single linear
 * pass, and checked in tests/domain/kernel/address_test.ts against a library parser
 * of the same grammar on generated input: the addr-spec against
 * `smtp-address-parser` (RFC 5321, an Earley parser), the name-addr against
 * `email-addresses` (RFC 5322). Neither runs in the service: the first costs
 * 0.2 to 0.8 ms per address, the second up to 3 ms for a 320-character item
 * of nested comments, and one mail/send body may carry about 200 addresses.
 */
import { domainToASCII } from "node:url";

export const MAX_LOCAL_OCTETS = 64;
export const MAX_DOMAIN_CHARS = 253;
export const MAX_LABEL_CHARS = 63;
export const MAX_ADDRESS_OCTETS = 254;
/** A mailbox item with its display name (spec: address length, 320 chars). */
export const MAX_MAILBOX_CHARS = 320;

export type Address = {
  /** The local part as sent (a dot-string, or a quoted string with its quotes). */
  local: string;
  /** The domain in ASCII (A-labels), lowercase. */
  domain: string;
  /** `local@domain`: what goes into headers and the envelope. */
  address: string;
  /** The local part has non-ASCII characters: deliverable only with SMTPUTF8. */
  smtpUtf8: boolean;
};

export type Mailbox = { name: string; address: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const INVALID = "must be a valid email address";
const REASON = {
  syntax: INVALID,
  chars: "must not contain control, format, separator or unpaired surrogate characters",
  local: `the part before @ must be at most ${MAX_LOCAL_OCTETS} bytes`,
  domainLong: `the domain must be at most ${MAX_DOMAIN_CHARS} characters`,
  label: `each part of the domain must be at most ${MAX_LABEL_CHARS} characters`,
  domain: "the domain must be an internet domain name such as example.com",
  literal: "an IP address instead of a domain is not accepted",
  quoted: "a quoted part before @ must not contain spaces, < or >",
  long: `must be at most ${MAX_ADDRESS_OCTETS} bytes`,
  item: `must be at most ${MAX_MAILBOX_CHARS} characters`,
  name: "must be an address, or a name and an address in angle brackets (Ann <ann@example.com>)",
} as const;

// Characters no address may hold, anywhere: Unicode Cc (C0, DEL, C1 with
// U+0085), Cf (bidi marks, overrides and isolates, zero widths, soft hyphen,
// BOM), Cs (an unpaired surrogate: with the u flag a surrogate pair is one
// code point and does not match), Co, Cn (unassigned, noncharacters), and
// the separators Zs, Zl, Zp (an ASCII space inside quotes is allowed apart).
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const FORBIDDEN_QUOTED =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/u;
// RFC 5321 4.1.2 Dot-string with RFC 6531 UTF8-non-ascii in atext. The
// alternatives are disjoint, so matching is linear.
const ATEXT = "(?:[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~]|[^\\x00-\\x7f])";
const DOT_STRING = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`, "u");
// RFC 5321 Quoted-string: qtextSMTP (ASCII 32-126 but " and \, plus UTF-8)
// and quoted-pairSMTP (\ and ASCII 32-126).
// deno-lint-ignore no-control-regex
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|[^\x00-\x7f]|\\[\x20-\x7e])*"$/u;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// deno-lint-ignore no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

const encoder = new TextEncoder();
const octets = (s: string) => ASCII.test(s) ? s.length : encoder.encode(s).length;

/** The domain of an address in ASCII (A-labels), lowercase; or why not. */
export function parseDomain(input: string): Parsed<string> {
  if (input.startsWith("[")) return { ok: false, reason: REASON.literal };
  if (input === "" || FORBIDDEN.test(input)) {
    return { ok: false, reason: input === "" ? REASON.syntax : REASON.chars };
  }
  // IDNA (UTS #46) maps and punycodes a Unicode domain; an ASCII one is
  // lowercased and its A-labels checked. Anything IDNA refuses comes back "".
  const ascii = input.length > 1000 ? "" : domainToASCII(input);
  if (!ascii || !ASCII.test(ascii)) return { ok: false, reason: REASON.domain };
  const labels = ascii.split(".");
  for (const l of labels) {
    if (l.length > MAX_LABEL_CHARS) return { ok: false, reason: REASON.label };
  }
  if (ascii.length > MAX_DOMAIN_CHARS) return { ok: false, reason: REASON.domainLong };
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
    return { ok: false, reason: REASON.domain };
  }
  if (!TOP_LABEL.test(labels[labels.length - 1])) return { ok: false, reason: REASON.domain };
  return { ok: true, value: ascii };
}

/** A quoted local part without its quotes when it is a dot-string anyway, else re-quoted minimally. */
function canonicalLocal(local: string): string {
  if (local[0] !== '"') return local;
  const content = local.slice(1, -1).replace(/\\(.)/gu, "$1");
  if (DOT_STRING.test(content)) return content;
  return `"${content.replace(/["\\]/g, "\\$&")}"`;
}

/** One bare address (no display name, no surrounding spaces). */
export function parseAddress(input: string): Parsed<Address> {
  // Bound the work before any regex runs; 254 octets are at most 254 characters.
  if (input.length > MAX_ADDRESS_OCTETS * 4) return { ok: false, reason: REASON.long };
  const at = input.lastIndexOf("@");
  if (at <= 0 || at === input.length - 1) return { ok: false, reason: REASON.syntax };
  const rawLocal = input.slice(0, at);
  const quoted = rawLocal.startsWith('"');
  if ((quoted ? FORBIDDEN_QUOTED : FORBIDDEN).test(rawLocal)) {
    return { ok: false, reason: REASON.chars };
  }
  if (quoted ? !QUOTED_STRING.test(rawLocal) : !DOT_STRING.test(rawLocal)) {
    return { ok: false, reason: REASON.syntax };
  }
  const local = canonicalLocal(rawLocal);
  if (local === '""') return { ok: false, reason: REASON.syntax };
  if (local[0] === '"' && /[ <>]/.test(local)) return { ok: false, reason: REASON.quoted };
  if (octets(local) > MAX_LOCAL_OCTETS) return { ok: false, reason: REASON.local };
  const d = parseDomain(input.slice(at + 1));
  if (!d.ok) return d;
  const address = `${local}@${d.value}`;
  if (octets(address) > MAX_ADDRESS_OCTETS) return { ok: false, reason: REASON.long };
  return { ok: true, value: { local, domain: d.value, address, smtpUtf8: !ASCII.test(local) } };
}

// Display names may hold any printable text (nodemailer writes non-ASCII ones
// as encoded words), but no controls (a tab is folding white space), line
// separators, unpaired surrogates or bidi controls (U+061C, U+200E/F,
// U+202A-202E, U+2066-2069), which make a name read differently from what it is.
const NAME_FORBIDDEN =
  // deno-lint-ignore no-control-regex
  /[\x00-\x08\x0a-\x1f\x7f-\x9f\p{Cs}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * One mailbox item: a bare address, or `Name <address>` (RFC 5322 name-addr,
 * also `"Smith, Ann" <a@example.com>`). Spaces and tabs around it are ignored.
 */
export function parseMailbox(input: string): Parsed<Mailbox> {
  // A character is one or two UTF-16 units.
  if (
    input.length > 2 * MAX_MAILBOX_CHARS ||
    (input.length > MAX_MAILBOX_CHARS && [...input].length > MAX_MAILBOX_CHARS)
  ) {
    return { ok: false, reason: REASON.item };
  }
  if (NAME_FORBIDDEN.test(input)) return { ok: false, reason: REASON.chars };
  const t = input.replace(/^[ \t]+|[ \t]+$/g, "");
  if (!t.includes("<")) {
    const a = parseAddress(t);
    return a.ok ? { ok: true, value: { name: "", address: a.value.address } } : a;
  }
  const parts = nameAddr(t);
  if (!parts) return { ok: false, reason: REASON.name };
  const a = parseAddress(parts.spec);
  return a.ok ? { ok: true, value: { name: parts.name, address: a.value.address } } : a;
}

// Outside quotes a display name holds atoms (atext, UTF-8 too), dots
// (obs-phrase) and white space; any other special ends it or refuses it.
const NAME_SPECIALS = new Set([...'()<>[]:;@\\,"']);

/**
 * Splits `display-name <addr-spec>` in one pass. The name's words are joined
 * by single spaces, quoted strings unquoted. Null when it is not exactly that.
 */
function nameAddr(t: string): { name: string; spec: string } | null {
  let name = "";
  let words = 0;
  let space = false;
  const add = (text: string, word: boolean) => {
    if (space && words) name += " ";
    space = false;
    name += text;
    if (word) words++;
  };
  let i = 0;
  for (; i < t.length && t[i] !== "<"; i++) {
    const c = t[i];
    if (c === " " || c === "\t") space = true;
    else if (c === '"') {
      let text = "";
      for (i++; i < t.length && t[i] !== '"'; i++) {
        if (t[i] === "\\") i++;
        if (i < t.length) text += t[i];
      }
      if (i >= t.length) return null; // no closing quote
      add(text, true);
    } else if (NAME_SPECIALS.has(c) || (c === "." && !words)) {
      return null; // (obs-phrase: a dot only after the first word)
    } else add(c, c !== ".");
  }
  // One angle-addr, closing the item. An address holds no < or > (quoted local
  // parts with them are refused), so the first > must be the last character.
  const close = t.indexOf(">", i);
  if (i >= t.length || close !== t.length - 1) return null;
  const trim = (x: string) => x.replace(/^[ \t]+|[ \t]+$/g, "");
  return { name: trim(name), spec: trim(t.slice(i + 1, close)) };
}

/**
 * The lowercase form that suppressions, unsubscribes, enrollments and
 * duplicate checks compare; null when it is not an address (also when
 * lowercasing made it one no longer, e.g. longer than 64 bytes).
 */
export function addressKey(s: string): string | null {
  const a = parseAddress(s);
  if (!a.ok) return null;
  const lower = a.value.address.toLowerCase();
  if (lower === a.value.address) return lower;
  const again = parseAddress(lower);
  return again.ok ? again.value.address : null;
}

/** Whether a bare address passes the parser. */
export function isAddress(s: string): boolean {
  return parseAddress(s).ok;
}

/**
 * Whether `text` names `address` (any case) as a whole address: "ann@example.com"
 * is not named by "joann@example.com" or "ann@example.com.au".
 */
export function mentionsAddress(text: string, address: string): boolean {
  const t = text.toLowerCase();
  const a = address.toLowerCase();
  for (let i = t.indexOf(a); i !== -1; i = t.indexOf(a, i + 1)) {
    const before = t[i - 1] ?? "";
    const after = t.slice(i + a.length, i + a.length + 2);
    if (/[a-z0-9._%+\-]/.test(before)) continue;
    if (/^[a-z0-9_\-]/.test(after) || /^\.[a-z0-9]/.test(after)) continue;
    return true;
  }
  return false;
}
