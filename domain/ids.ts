/**
 * Identifiers. Public ids are UUIDs (the spec says so for sites, submissions and
 * events). We use UUID version 7 (RFC 9562): still a UUID to every client, but its
 * first 48 bits are the creation time, so KV keys that end in one list in time
 * order without a separate sort key. Within one millisecond a counter in the
 * random bits keeps ids of this process strictly increasing.
 */
let lastMs = -1;
let seq = 0;

export function uuidv7(nowMs: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let ms = nowMs;
  if (ms <= lastMs) {
    // Same (or earlier, if the clock stepped back) millisecond: stay monotonic.
    ms = lastMs;
    seq = (seq + 1) & 0xfff;
    if (seq === 0) ms = ++lastMs;
  } else {
    seq = bytes[6] & 0x07; // random start, leaving room to count up
  }
  lastMs = ms;
  const hi = Math.floor(ms / 2 ** 16);
  const lo = ms % 2 ** 16;
  bytes[0] = (hi >>> 24) & 0xff;
  bytes[1] = (hi >>> 16) & 0xff;
  bytes[2] = (hi >>> 8) & 0xff;
  bytes[3] = hi & 0xff;
  bytes[4] = (lo >>> 8) & 0xff;
  bytes[5] = lo & 0xff;
  bytes[6] = 0x70 | ((seq >>> 8) & 0x0f); // version 7 + 12-bit counter
  bytes[7] = seq & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${
    hex.slice(20)
  }`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}

/** Creation time (ms) encoded in a UUIDv7. */
export function uuidv7Time(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
