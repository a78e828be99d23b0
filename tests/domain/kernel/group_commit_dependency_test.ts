/**
 * dependOn (kernel/kv/group_commit.ts): an operation built on an earlier
 * one's write before that one committed commits with it or after it, and
 * never without it.
 */
import assert from "node:assert/strict";
import { dependOn, withGroupCommit } from "../../../domain/kernel/kv/group_commit.ts";

async function open() {
  const dir = await Deno.makeTempDir();
  const kv = withGroupCommit(await Deno.openKv(`${dir}/t.kv`));
  return {
    kv,
    async close() {
      kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** Two commits in flight (the committer's limit): what is queued next goes in one batch. */
function busy(kv: Deno.Kv): Promise<Deno.KvCommitResult | Deno.KvCommitError>[] {
  return [1, 2].map((i) => kv.atomic().set(["filler", i], i).commit());
}

Deno.test("an operation built on an earlier one's write commits with it, in one batch", async () => {
  const { kv, close } = await open();
  try {
    const w0 = await kv.get(["w"]);
    const fillers = busy(kv);
    const p = kv.atomic().check(w0).set(["w"], [1]);
    const pDone = p.commit();
    const n = kv.atomic().set(["w"], [1, 2]).set(["n"], 2);
    assert.equal(dependOn(n, p, ["w"]), true);
    const nDone = n.commit();
    const m = kv.atomic().set(["w"], [1, 2, 3]).set(["m"], 3);
    assert.equal(dependOn(m, n, ["w"]), true);
    const [rp, rn, rm] = await Promise.all([pDone, nDone, m.commit()]);
    await Promise.all(fillers);
    assert.ok(rp.ok && rn.ok && rm.ok);
    assert.equal(rp.versionstamp, rn.versionstamp, "one commit");
    assert.equal(rn.versionstamp, rm.versionstamp, "one commit");
    assert.deepEqual((await kv.get(["w"])).value, [1, 2, 3]);
    assert.equal((await kv.get(["m"])).value, 3);
  } finally {
    await close();
  }
});

Deno.test("when the earlier operation fails, the ones built on it fail too and write nothing", async () => {
  const { kv, close } = await open();
  try {
    const w0 = await kv.get(["w"]);
    // Another process writes the value after it was read: the earlier check fails.
    await kv.inner.set(["w"], ["theirs"]);
    const fillers = busy(kv);
    const p = kv.atomic().check(w0).set(["w"], [1]);
    const pDone = p.commit();
    const n = kv.atomic().set(["w"], [1, 2]).set(["n"], 2);
    dependOn(n, p, ["w"]);
    const nDone = n.commit();
    const m = kv.atomic().set(["w"], [1, 2, 3]).set(["m"], 3);
    dependOn(m, n, ["w"]);
    const other = kv.atomic().set(["other"], 1).commit();
    const [rp, rn, rm, ro] = await Promise.all([pDone, nDone, m.commit(), other]);
    await Promise.all(fillers);
    assert.deepEqual([rp.ok, rn.ok, rm.ok, ro.ok], [false, false, false, true]);
    assert.deepEqual((await kv.get(["w"])).value, ["theirs"]);
    assert.equal((await kv.get(["n"])).value, null);
    assert.equal((await kv.get(["m"])).value, null);
    assert.equal(kv.stats.dependentsFailed, 2);
  } finally {
    await close();
  }
});

Deno.test("an operation built on one in flight alone waits for its outcome, and fails with it", async () => {
  const { kv, close } = await open();
  try {
    const w0 = await kv.get(["w"]);
    await kv.inner.set(["w"], ["theirs"]);
    // Nothing else queued: the earlier one is taken into a batch of its own at once.
    const p = kv.atomic().check(w0).set(["w"], [1]);
    const pDone = p.commit();
    const n = kv.atomic().set(["w"], [1, 2]).set(["n"], 2);
    dependOn(n, p, ["w"]);
    const [rp, rn] = await Promise.all([pDone, n.commit()]);
    assert.deepEqual([rp.ok, rn.ok], [false, false]);
    assert.deepEqual((await kv.get(["w"])).value, ["theirs"]);
    assert.equal((await kv.get(["n"])).value, null);
  } finally {
    await close();
  }
});

Deno.test("an operation built on one committed before it checks the key at that commit: a write in between fails it", async () => {
  const { kv, close } = await open();
  try {
    const p = kv.atomic().check({ key: ["w"], versionstamp: null }).set(["w"], [1]);
    const pDone = p.commit();
    const n = kv.atomic().set(["w"], [1, 2]).set(["n"], 2);
    dependOn(n, p, ["w"]);
    assert.ok((await pDone).ok);
    await kv.inner.set(["w"], ["theirs"]); // another process, after the earlier commit
    const rn = await n.commit();
    assert.equal(rn.ok, false);
    assert.deepEqual((await kv.get(["w"])).value, ["theirs"]);
    assert.equal((await kv.get(["n"])).value, null);

    // Without a write in between it commits after the earlier one.
    const q = kv.atomic().set(["v"], [1]);
    const qDone = q.commit();
    const r = kv.atomic().set(["v"], [1, 2]);
    dependOn(r, q, ["v"]);
    assert.ok((await qDone).ok);
    assert.ok((await r.commit()).ok);
    assert.deepEqual((await kv.get(["v"])).value, [1, 2]);
  } finally {
    await close();
  }
});

Deno.test("a batch that fails on a stale check: the stale one and the ones built on it fail, the rest commit", async () => {
  const { kv, close } = await open();
  try {
    const w0 = await kv.get(["w"]);
    const fillers = busy(kv);
    const p = kv.atomic().check(w0).set(["w"], [1]);
    const pDone = p.commit();
    const n = kv.atomic().set(["w"], [1, 2]);
    dependOn(n, p, ["w"]);
    const nDone = n.commit();
    const y = kv.atomic().check({ key: ["y"], versionstamp: null }).set(["y"], [1]);
    const yDone = y.commit();
    const z = kv.atomic().set(["y"], [1, 2]);
    dependOn(z, y, ["y"]);
    const zDone = z.commit();
    // Another process writes ["w"] while the batch waits behind the fillers.
    await kv.inner.set(["w"], ["theirs"]);
    const [rp, rn, ry, rz] = await Promise.all([pDone, nDone, yDone, zDone]);
    await Promise.all(fillers);
    assert.deepEqual([rp.ok, rn.ok, ry.ok, rz.ok], [false, false, true, true]);
    assert.deepEqual((await kv.get(["w"])).value, ["theirs"]);
    assert.deepEqual((await kv.get(["y"])).value, [1, 2]);
  } finally {
    await close();
  }
});

Deno.test("dependOn refuses an operation of another KV, and needs the earlier one committing", async () => {
  const a = await open();
  const b = await open();
  try {
    const p = a.kv.atomic().set(["w"], 1);
    assert.throws(() => dependOn(a.kv.atomic(), p, ["w"]), /not committing/);
    const done = p.commit();
    assert.equal(dependOn(b.kv.atomic(), p, ["w"]), false);
    assert.equal(dependOn(a.kv.inner.atomic(), p, ["w"]), false);
    await done;
  } finally {
    await a.close();
    await b.close();
  }
});
