/**
 * Signed tokens in mail: unsubscribe links, tracking links and the VERP
 * Return-Path. Each purpose has its own HMAC key derived from the encryption
 * key (HMAC-SHA256(encryption key, "svc-mail/<purpose>")), so a token made for
 * one purpose is worthless for another and no extra secret needs managing.
 */
import { Buffer } from "node:buffer";
import { constantTimeEqual, hmacSha256Hex, keyedHmac } from "../kernel/crypto.ts";

const derived = new WeakMap<Uint8Array, Map<string, Uint8Array>>();
// By the key's bytes too: a delivery worker gets a new copy of the key with
// every message, and its purpose keys (and their KeyedHmac) are kept by identity.
const derivedByBytes = new Map<string, Map<string, Uint8Array>>();

export function purposeKey(encryptionKey: Uint8Array, purpose: string): Uint8Array {
  let m = derived.get(encryptionKey);
  if (!m) {
    const id = Buffer.from(encryptionKey).toString("base64");
    m = derivedByBytes.get(id);
    if (!m) {
      if (derivedByBytes.size >= 16) derivedByBytes.clear();
      derivedByBytes.set(id, m = new Map());
    }
    derived.set(encryptionKey, m);
  }
  let k = m.get(purpose);
  if (!k) {
    k = new Uint8Array(Buffer.from(hmacSha256Hex(encryptionKey, `svc-mail/${purpose}`), "hex"));
    m.set(purpose, k);
  }
  return k;
}

const mac = (key: Uint8Array, data: string, chars: number) =>
  keyedHmac(key).digest(data, "base64url").slice(0, chars);

// --- unsubscribe ---------------------------------------------------------------

/** `<base64url(site id \n address)>.<mac>`: names the site and the address. */
export function unsubscribeToken(encKey: Uint8Array, siteId: string, email: string): string {
  const body = Buffer.from(`${siteId}\n${email.toLowerCase()}`).toString("base64url");
  return `${body}.${mac(purposeKey(encKey, "unsubscribe"), body, 32)}`;
}

export function readUnsubscribeToken(
  encKey: Uint8Array,
  token: string,
): { siteId: string; email: string } | null {
  if (token.length > 1200) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  if (!constantTimeEqual(m[2], mac(purposeKey(encKey, "unsubscribe"), m[1], 32))) return null;
  const [siteId, email] = Buffer.from(m[1], "base64url").toString("utf8").split("\n");
  if (!siteId || !email) return null;
  return { siteId, email };
}

// --- tracking --------------------------------------------------------------------

/** MAC of an open pixel for one log record. */
export function openMac(encKey: Uint8Array, logId: string): string {
  return mac(purposeKey(encKey, "open"), logId, 22);
}

/** MAC of one link of one log record: only links that were in the message verify. */
export function clickMac(encKey: Uint8Array, logId: string, url: string): string {
  return mac(purposeKey(encKey, "click"), `${logId}\n${url}`, 22);
}

export function checkMac(expected: string, got: string): boolean {
  return constantTimeEqual(expected, got);
}

// --- VERP Return-Path ----------------------------------------------------------------

/**
 * Envelope sender of one recipient's copy of one message:
 * `bounce+<log id hex>-<mac>@<domain>` (52 characters of local part, under the
 * 64 allowed), the MAC over the log id *and* the recipient. A report that
 * comes back to it can only be about that recipient: a recipient who forges a
 * report about someone else can only ever bind it to himself. The recipient is
 * not in the address (it would not fit, nor should it be shown); the intake
 * finds it by trying the message's recipients with `verpNames`.
 */
export function verpAddress(
  encKey: Uint8Array,
  logId: string,
  recipient: string,
  domain: string,
): string {
  const hex = logId.replace(/-/g, "");
  return `bounce+${hex}-${verpMac(encKey, hex, recipient)}@${domain}`;
}

// Hex, not base64: some servers change the case of a local part. 48 bits: the
// intake tries each recipient of the message, so a guess has that many chances.
const verpMac = (encKey: Uint8Array, hex: string, recipient: string) =>
  keyedHmac(purposeKey(encKey, "verp-rcpt")).digest(`${hex}\n${recipient.toLowerCase()}`, "hex")
    .slice(0, 12);

export type VerpRef = { logId: string; hex: string; mac: string };

/** The log id and MAC of an address shaped as `verpAddress` makes it, or null. Nothing verified yet. */
export function readVerp(address: string): VerpRef | null {
  const m = /^bounce\+([0-9a-f]{32})-([0-9a-f]{12})@/i.exec(address.trim());
  if (!m) return null;
  const hex = m[1].toLowerCase();
  return {
    hex,
    mac: m[2].toLowerCase(),
    logId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${
      hex.slice(20)
    }`,
  };
}

/** Which of the message's recipients the VERP's MAC names (constant-time compares), or null. */
export function verpNames(
  encKey: Uint8Array,
  ref: VerpRef,
  recipients: Iterable<string>,
): string | null {
  let found: string | null = null;
  for (const r of recipients) {
    if (constantTimeEqual(ref.mac, verpMac(encKey, ref.hex, r)) && found === null) found = r;
  }
  return found;
}
