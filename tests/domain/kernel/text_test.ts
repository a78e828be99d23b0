import assert from "node:assert/strict";
import { clipChars, ellipsize } from "../../../domain/kernel/text.ts";

Deno.test("clipChars counts code points and never leaves half a surrogate pair", () => {
  const s = "a😀b😀c";
  assert.equal(clipChars(s, 2), "a😀");
  assert.equal(clipChars(s, 1), "a");
  assert.equal(clipChars(s, 5), s);
  assert.equal(clipChars(s, 99), s);
  assert.equal(clipChars("😀".repeat(300), 200), "😀".repeat(200));
  for (let max = 0; max < 8; max++) {
    const cut = clipChars("😀x".repeat(4), max);
    assert.equal([...cut].length, max);
    assert.ok(!/[\ud800-\udbff]$/.test(cut), `max ${max} ends in a high surrogate`);
  }
});

Deno.test("ellipsize marks a cut with … and keeps text that fits", () => {
  assert.equal(ellipsize("short", 10), "short");
  assert.equal(ellipsize("😀".repeat(10), 10), "😀".repeat(10));
  assert.equal(ellipsize("😀".repeat(11), 10), "😀".repeat(9) + "…");
  assert.equal([...ellipsize("ab😀".repeat(200), 300)].length, 300);
});
