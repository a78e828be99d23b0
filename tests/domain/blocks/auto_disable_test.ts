import assert from "node:assert/strict";
import {
  ABUSE_WINDOW_MS,
  abuseBucket,
  tallyCommitted,
  tallyOutcome,
} from "../../../domain/blocks/auto_disable.ts";
import { abuseKeys } from "../../../domain/blocks/store.ts";
import { createCtx, type Ctx } from "../../../domain/kernel/context.ts";
import { testConfig } from "../../../domain/kernel/config.ts";

async function tally(ctx: Ctx, site: string, now: number, abusive: boolean) {
  const r = await tallyOutcome(ctx, ctx.kv.atomic(), site, now, abusive).commit();
  assert.ok(r.ok);
  tallyCommitted(ctx, site, now, abusive);
}

async function counts(kv: Deno.Kv, site: string, bucket: number) {
  const [a, b] = await kv.getMany<[Deno.KvU64, Deno.KvU64]>(abuseKeys(site, bucket));
  return [a.value ? Number(a.value.value) : null, b.value ? Number(b.value.value) : null];
}

Deno.test("abuse tallies keep the current and previous window only, however many submissions", async () => {
  const ctx = createCtx(testConfig(), await Deno.openKv(":memory:"));
  const kv = ctx.kv;
  try {
    const site = crypto.randomUUID();
    const t0 = Math.ceil(Date.UTC(2026, 0, 1) / ABUSE_WINDOW_MS) * ABUSE_WINDOW_MS;
    const b0 = abuseBucket(t0);
    for (let w = 0; w < 4; w++) {
      for (let i = 0; i < 5; i++) await tally(ctx, site, t0 + w * ABUSE_WINDOW_MS + i, i % 2 === 0);
    }
    // Windows 2 and 3 are kept with their counts; windows 0 and 1 are gone.
    assert.deepEqual(await counts(kv, site, b0), [null, null]);
    assert.deepEqual(await counts(kv, site, b0 + 1), [null, null]);
    assert.deepEqual(await counts(kv, site, b0 + 2), [3, 5]);
    assert.deepEqual(await counts(kv, site, b0 + 3), [3, 5]);
    // Another site's first tally in this window cleans its own old keys.
    const other = crypto.randomUUID();
    await tally(ctx, other, t0, true);
    await tally(ctx, other, t0 + 2 * ABUSE_WINDOW_MS, true);
    assert.deepEqual(await counts(kv, other, b0), [null, null]);
  } finally {
    await ctx.close();
  }
});
