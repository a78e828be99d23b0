/**
 * A near-duplicate band's sightings as bytes (domain/spam/band_codec.ts):
 * every sighting comes back exactly as written (the spread, and so the
 * verdict, is computed on what is read), old object values are still read,
 * and a value it cannot read counts as no sightings.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeSightings, encodeSightings } from "../../../domain/spam/band_codec.ts";
import { senderTag, spreadOf } from "../../../domain/spam/sameness.ts";
import { type Sighting, spamMemoryOf } from "../../../domain/spam/store.ts";

/** What a sighting means to the judgement: absent and null are the same. */
const plain = (s: Sighting) => ({
  ip: s.ip,
  site: s.site,
  at: s.at,
  from: s.from ?? null,
  id: s.id ?? null,
});

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join("."));
const anyString = fc.string({ unit: "binary", maxLength: 60 });
const sighting: fc.Arbitrary<Sighting> = fc.record({
  ip: fc.oneof(fc.constant(null), ipv4, fc.ipV6(), anyString, fc.constant("01.2.3.4")),
  site: fc.oneof(fc.uuid(), anyString, hex(32)),
  at: fc.oneof(fc.integer({ min: 1, max: 4_102_444_800_000 }), fc.double({ min: 1, noNaN: true })),
  from: fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.nat().map((n) => senderTag(`p${n}@example.org`)),
    fc.constant("0a"),
    fc.constant("zzzzzzz"),
    fc.constant("00"),
    anyString,
  ),
  id: fc.oneof(fc.constant(undefined), hex(12), anyString, fc.constant("0")),
}, { requiredKeys: ["ip", "site", "at"] });

Deno.test("sightings come back from their bytes exactly as written", () => {
  fc.assert(
    fc.property(fc.array(sighting, { maxLength: 24 }), (seen) => {
      const back = decodeSightings(encodeSightings(seen), 0);
      assert.deepEqual(back.map(plain), seen.map(plain));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("sightings read and written again keep their bytes; those out of the window are left out", () => {
  const now = 1_800_000_000_000;
  const seen: Sighting[] = Array.from({ length: 24 }, (_, i) => ({
    ip: `203.0.113.${i}`,
    site: crypto.randomUUID(),
    at: now - (24 - i) * 60_000,
    from: senderTag(`visitor${i}@example.org`),
    id: crypto.randomUUID().slice(-12),
  }));
  const bytes = encodeSightings(seen);
  // About 45 bytes a sighting (V8's serializer took about 110 for the same objects).
  assert.ok(bytes.length < 24 * 50, String(bytes.length));
  const kept = decodeSightings(bytes, now - 10 * 60_000);
  assert.deepEqual(kept.map(plain), seen.slice(-9).map(plain));
  const next = { ip: null, site: crypto.randomUUID(), at: now, from: null, id: "0123456789ab" };
  const again = encodeSightings([...kept, next]);
  assert.deepEqual(decodeSightings(again, 0).map(plain), [...seen.slice(-9), next].map(plain));
});

Deno.test("a band written as objects before the byte encoding is read as it was; unreadable values are none", () => {
  const now = 1_800_000_000_000;
  const old: Sighting[] = [
    { ip: "198.51.100.7", site: "s1", at: now - 7 * 3600_000 }, // out of the window
    { ip: "198.51.100.8", site: "s2", at: now - 60_000, from: "abc", id: "aaaaaaaaaaaa" },
    { ip: null, site: "s3", at: now - 30_000 },
  ];
  const q = {
    accountId: null,
    bands: ["0:00000001", "1:00000002", "2:00000003"],
    identities: [],
    now,
  };
  const got = {
    band0: { key: ["x"], value: { seen: old }, versionstamp: "1" },
    band1: { key: ["x"], value: encodeSightings(old), versionstamp: "2" },
    band2: { key: ["x"], value: new Uint8Array([1, 0, 0, 0]), versionstamp: "3" },
  };
  const memory = spamMemoryOf(q, got);
  assert.deepEqual(memory.sightings[0], old.slice(1));
  assert.deepEqual(memory.sightings[1].map(plain), old.slice(1).map(plain));
  assert.deepEqual(memory.sightings[2], []);
  assert.deepEqual(decodeSightings(new Uint8Array([9, 1, 2]), 0), []);
  assert.deepEqual(decodeSightings(new Uint8Array(0), 0), []);
  // The same spread from either form of the value.
  const me = { ip: "192.0.2.1", from: null, site: "s9" };
  assert.deepEqual(spreadOf([memory.sightings[0]], me), spreadOf([memory.sightings[1]], me));
});
