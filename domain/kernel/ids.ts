/**
 * Identifiers. Public ids are UUIDs (the spec says so for sites, submissions and
 * events). We use UUID version 7 (RFC 9562): still a UUID to every client, but its
 * first 48 bits are the creation time, so KV keys that end in one list in time
 * order without a separate sort key. Within one millisecond a counter in the
 * random bits keeps ids of this process strictly increasing.
 */
let lastMs = -1;
let seq = 0;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
// Random bytes are drawn in blocks: one getRandomValues call per 455 ids.
const POOL = new Uint8Array(4095);
let poolAt = POOL.length;

export function uuidv7(nowMs: number = Date.now()): string {
  if (poolAt + 9 > POOL.length) {
    crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += 9;
  let ms = nowMs;
  if (ms <= lastMs) {
    // Same (or earlier, if the clock stepped back) millisecond: stay monotonic.
    ms = lastMs;
    seq = (seq + 1) & 0xfff;
    if (seq === 0) ms = ++lastMs;
  } else {
    seq = POOL[r + 8] & 0x07; // random start, leaving room to count up
  }
  lastMs = ms;
  const hi = Math.floor(ms / 2 ** 16);
  const lo = ms % 2 ** 16;
  return HEX[(hi >>> 24) & 0xff] + HEX[(hi >>> 16) & 0xff] + HEX[(hi >>> 8) & 0xff] +
    HEX[hi & 0xff] + "-" + HEX[(lo >>> 8) & 0xff] + HEX[lo & 0xff] + "-" +
    // version 7 + 12-bit counter
    HEX[0x70 | ((seq >>> 8) & 0x0f)] + HEX[seq & 0xff] + "-" +
    // RFC 4122 variant, then 62 random bits
    HEX[(POOL[r] & 0x3f) | 0x80] + HEX[POOL[r + 1]] + "-" + HEX[POOL[r + 2]] + HEX[POOL[r + 3]] +
    HEX[POOL[r + 4]] + HEX[POOL[r + 5]] + HEX[POOL[r + 6]] + HEX[POOL[r + 7]];
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}

/** Creation time (ms) encoded in a UUIDv7. */
export function uuidv7Time(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
