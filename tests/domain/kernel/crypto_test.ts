import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { KeyedHmac, keyedHmac } from "../../../domain/kernel/crypto.ts";
import { isUuid, uuidv7, uuidv7Time } from "../../../domain/kernel/ids.ts";
import { isoTime, utcMonth } from "../../../domain/kernel/clock.ts";
import { clickMac, openMac, purposeKey } from "../../../domain/mail/tokens.ts";

Deno.test("KeyedHmac gives the same MAC as createHmac for any key length and data", () => {
  for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
    const key = crypto.getRandomValues(new Uint8Array(keyLength));
    const h = new KeyedHmac(key);
    for (const data of ["", "a", "x".repeat(55), "x".repeat(64), "ünïcödé\n☃", "y".repeat(1000)]) {
      assert.equal(h.digest(data, "hex"), createHmac("sha256", key).update(data).digest("hex"));
      assert.equal(
        h.digest(data, "base64url"),
        createHmac("sha256", key).update(data).digest("base64url"),
      );
    }
    // Each MAC starts from the keyed state: one MAC does not change the next.
    assert.equal(h.digest("same", "hex"), h.digest("same", "hex"));
  }
  const k = new Uint8Array(32).fill(7);
  assert.equal(keyedHmac(k), keyedHmac(k), "kept per key object");
});

Deno.test("uuidv7 ids are valid, time-ordered and strictly increasing within a millisecond", () => {
  const t = Date.UTC(2026, 10, 5, 12, 0, 0, 0);
  const ids = Array.from({ length: 5000 }, () => uuidv7(t));
  assert.ok(ids.every(isUuid));
  assert.ok(ids.every((id) => id[14] === "7" && "89ab".includes(id[19])), "version and variant");
  assert.equal(new Set(ids).size, ids.length);
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i] > ids[i - 1]);
  assert.equal(uuidv7Time(ids[0]), t);
  const later = uuidv7(t + 5_000);
  assert.equal(uuidv7Time(later), t + 5_000);
  assert.ok(later > ids.at(-1)!);
});

Deno.test("isoTime and utcMonth follow the instant they are given", () => {
  const end = Date.UTC(2026, 10, 30, 23, 59, 59, 999);
  assert.equal(isoTime(end), "2026-11-30T23:59:59.999Z");
  assert.equal(utcMonth(end), "2026-11");
  assert.equal(utcMonth(end + 1), "2026-12");
  assert.equal(isoTime(end + 1), "2026-12-01T00:00:00.000Z");
  assert.equal(utcMonth(end), "2026-11");
  assert.equal(utcMonth(Date.UTC(2026, 10, 1) - 1), "2026-10");
  assert.throws(() => isoTime(NaN), RangeError);
});

Deno.test("mail tokens made with a copy of the encryption key equal those made with the key", () => {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const copy = new Uint8Array(key);
  const id = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
  assert.equal(openMac(copy, id), openMac(key, id));
  assert.equal(clickMac(copy, id, "https://x.example/"), clickMac(key, id, "https://x.example/"));
  assert.equal(purposeKey(copy, "open"), purposeKey(key, "open"), "the same derived key object");
  const other = crypto.getRandomValues(new Uint8Array(32));
  assert.notEqual(openMac(other, id), openMac(key, id));
});
