import assert from "node:assert/strict";
import {
  getBlob,
  packJson,
  packText,
  putBlob,
  removeBlob,
  unpackJson,
  unpackText,
} from "../../../domain/kernel/kv/blob.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";

Deno.test("a 1 MB value round-trips through chunked blobs", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const bytes = new Uint8Array(1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) & 0xff;
    const ref = await putBlob(kv, bytes);
    assert.equal(ref.size, bytes.length);
    assert.equal(ref.chunks, Math.ceil(bytes.length / 63_000));
    assert.deepEqual(await getBlob(kv, ref), bytes);
    await removeBlob(kv, ref);
    const left = [];
    for await (const e of kv.list({ prefix: keys.blob(ref.blob) })) left.push(e);
    assert.equal(left.length, 0);
  } finally {
    kv.close();
  }
});

Deno.test("small JSON stays inline, large JSON becomes a blob, both read back equal", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const small = { a: "x".repeat(100) };
    const p1 = await packJson(kv, small);
    assert.ok("inline" in p1);
    assert.deepEqual(await unpackJson(kv, p1), small);
    const large = {
      fields: Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`f${i}`, "é".repeat(5000)]),
      ),
    };
    const p2 = await packJson(kv, large);
    assert.ok("blob" in p2);
    assert.deepEqual(await unpackJson(kv, p2), large);
    const text = "🙂".repeat(300_000);
    const p3 = await packText(kv, text);
    assert.ok("blob" in p3);
    assert.equal(await unpackText(kv, p3), text);
  } finally {
    kv.close();
  }
});

Deno.test("an empty blob round-trips", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const ref = await putBlob(kv, new Uint8Array(0));
    assert.deepEqual(await getBlob(kv, ref), new Uint8Array(0));
  } finally {
    kv.close();
  }
});
