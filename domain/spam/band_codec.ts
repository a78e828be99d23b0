/**
 * A near-duplicate band's sightings as bytes (spam/store.ts keeps them in one
 * KV value per band, written by every submission with text). As objects, V8's
 * serializer wrote 24 sightings in about 2.6 KB and both threads spent their
 * time on property names and strings; here each is 8 bytes of time and four
 * tagged strings, those of a usual shape in binary (a UUID in 16 bytes, a
 * dotted IPv4 address in 4, a lowercase hex id in half its length, a base-36
 * tag in 4): about 45 bytes a sighting. Lossless: a string is packed only when
 * it comes back the same, anything else goes as UTF-8.
 *
 * Format: byte 0 is FORMAT, then per sighting: `at` (float64, little-endian),
 * then ip, site, from and id, each a tag byte and its bytes. A sighting keeps
 * the bytes it was read or first written as, so writing it again copies them.
 */

/** One submission seen carrying a band's text. */
export type Sighting = {
  ip: string | null;
  site: string;
  at: number;
  /** The sender address's tag (sameness.ts senderTag): one person is one source. */
  from?: string | null;
  /** The submission's short id: a copy shares several bands (sameness.ts). */
  id?: string;
};

const FORMAT = 1;
const NONE = 0, UTF8 = 1, UUID = 2, IPV4 = 3, HEX = 4, BASE36 = 5;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IPV4_RE = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;
const HEX_RE = /^(?:[0-9a-f]{2}){1,127}$/;
const BASE36_RE = /^(?:0|[1-9a-z][0-9a-z]{0,6})$/;
const HEX_PAIRS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** The bytes each decoded sighting came from, so that it is copied, not encoded again. */
const raw = new WeakMap<Sighting, Uint8Array>();

class Writer {
  buf = new Uint8Array(1024);
  view = new DataView(this.buf.buffer);
  n = 0;
  room(k: number): void {
    if (this.n + k <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.n + k));
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  byte(b: number): void {
    this.room(1);
    this.buf[this.n++] = b;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }
}

function hexBytes(w: Writer, s: string, from: number, to: number): void {
  for (let i = from; i < to; i += 2) w.byte(parseInt(s.slice(i, i + 2), 16));
}

function writeString(w: Writer, s: string | null | undefined): void {
  if (s === null || s === undefined) return w.byte(NONE);
  if (s.length === 36 && UUID_RE.test(s)) {
    w.byte(UUID);
    for (const [a, b] of [[0, 8], [9, 13], [14, 18], [19, 23], [24, 36]]) hexBytes(w, s, a, b);
    return;
  }
  if (IPV4_RE.test(s)) {
    const parts = s.split(".").map(Number);
    if (parts.every((p) => p <= 255)) {
      w.byte(IPV4);
      for (const p of parts) w.byte(p);
      return;
    }
  }
  if (HEX_RE.test(s)) {
    w.byte(HEX);
    w.byte(s.length / 2);
    return hexBytes(w, s, 0, s.length);
  }
  if (BASE36_RE.test(s)) {
    const v = parseInt(s, 36);
    if (v <= 0xffff_ffff) {
      w.byte(BASE36);
      w.room(4);
      w.view.setUint32(w.n, v, true);
      w.n += 4;
      return;
    }
  }
  const b = utf8.encode(s);
  if (b.length > 0xffff) throw new RangeError("a sighting's string is too long");
  w.byte(UTF8);
  w.room(2);
  w.view.setUint16(w.n, b.length, true);
  w.n += 2;
  w.bytes(b);
}

/** The value of a band holding `seen`, oldest first. */
export function encodeSightings(seen: readonly Sighting[]): Uint8Array {
  const w = new Writer();
  w.byte(FORMAT);
  for (const s of seen) {
    const known = raw.get(s);
    if (known) {
      w.bytes(known);
      continue;
    }
    const start = w.n;
    w.room(8);
    w.view.setFloat64(w.n, s.at, true);
    w.n += 8;
    writeString(w, s.ip);
    writeString(w, s.site);
    writeString(w, s.from);
    writeString(w, s.id);
    // A submission's sighting goes to each of its bands: encoded once.
    raw.set(s, w.buf.slice(start, w.n));
  }
  return w.buf.slice(0, w.n);
}

/** Where the string field at `at` ends. */
function skip(buf: Uint8Array, view: DataView, at: number): number {
  if (at >= buf.length) throw new RangeError("truncated band value");
  switch (buf[at]) {
    case NONE:
      return at + 1;
    case UUID:
      return at + 17;
    case IPV4:
    case BASE36:
      return at + 5;
    case HEX:
      if (at + 1 >= buf.length) throw new RangeError("truncated band value");
      return at + 2 + buf[at + 1];
    case UTF8:
      if (at + 2 >= buf.length) throw new RangeError("truncated band value");
      return at + 3 + view.getUint16(at + 1, true);
    default:
      throw new RangeError(`unknown tag ${buf[at]} in a band value`);
  }
}

function hexOf(buf: Uint8Array, from: number, to: number): string {
  let s = "";
  for (let i = from; i < to; i++) s += HEX_PAIRS[buf[i]];
  return s;
}

/** The string field at `at` (its bytes were checked by `skip`). */
function stringAt(buf: Uint8Array, view: DataView, at: number): string | null {
  const p = at + 1;
  switch (buf[at]) {
    case UUID:
      return `${hexOf(buf, p, p + 4)}-${hexOf(buf, p + 4, p + 6)}-${hexOf(buf, p + 6, p + 8)}-${
        hexOf(buf, p + 8, p + 10)
      }-${hexOf(buf, p + 10, p + 16)}`;
    case IPV4:
      return `${buf[p]}.${buf[p + 1]}.${buf[p + 2]}.${buf[p + 3]}`;
    case HEX:
      return hexOf(buf, p + 1, p + 1 + buf[p]);
    case BASE36:
      return view.getUint32(p, true).toString(36);
    case UTF8:
      return fromUtf8.decode(buf.subarray(p + 2, p + 2 + view.getUint16(p, true)));
    default:
      return null;
  }
}

/**
 * A sighting as read: its time and id at once (every judgement counts ids),
 * the rest from the bytes when asked (only the copies of a text are).
 */
class ReadSighting implements Sighting {
  constructor(
    private readonly buf: Uint8Array,
    private readonly view: DataView,
    readonly at: number,
    private readonly ipAt: number,
    private readonly siteAt: number,
    private readonly fromAt: number,
    readonly id: string | undefined,
  ) {}
  get ip(): string | null {
    return stringAt(this.buf, this.view, this.ipAt);
  }
  get site(): string {
    return stringAt(this.buf, this.view, this.siteAt) ?? "";
  }
  get from(): string | null {
    return stringAt(this.buf, this.view, this.fromAt);
  }
}

/**
 * The sightings of a band value with `at` after `since`, oldest first. A
 * value it cannot read (another format, cut short) counts as none: sightings
 * are evidence for hours, not records.
 */
export function decodeSightings(value: Uint8Array, since: number): Sighting[] {
  if (value.length === 0 || value[0] !== FORMAT) return [];
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const out: Sighting[] = [];
  try {
    let n = 1;
    while (n < value.length) {
      const start = n;
      if (n + 8 > value.length) throw new RangeError("truncated band value");
      const at = view.getFloat64(n, true);
      const ipAt = n + 8;
      const siteAt = skip(value, view, ipAt);
      const fromAt = skip(value, view, siteAt);
      const idAt = skip(value, view, fromAt);
      n = skip(value, view, idAt);
      if (at <= since) continue;
      const s = new ReadSighting(
        value,
        view,
        at,
        ipAt,
        siteAt,
        fromAt,
        stringAt(value, view, idAt) ?? undefined,
      );
      raw.set(s, value.subarray(start, n));
      out.push(s);
    }
  } catch {
    return [];
  }
  return out;
}
