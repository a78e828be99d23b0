/**
 * Schema versions and forward-only migrations: a fresh database is brought to
 * this release's version once; a newer database is refused; migrations run in
 * order, once, also when two instances start together; and a KV file written
 * by the previous release (made at test time from git) starts, migrates and
 * serves its old site and key.
 */
import assert from "node:assert/strict";
import { createLogger } from "../../../domain/kernel/log.ts";
import { openKv } from "../../../domain/kernel/kv/open.ts";
import {
  migrate,
  type Migration,
  SCHEMA_VERSION,
  SchemaError,
} from "../../../domain/ops/migrations.ts";
import { advanceSchemaVersion, readSchemaVersion } from "../../../domain/ops/schema_store.ts";
import { getSubmission } from "../../../domain/forms/submissions_store.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";
import { makePreviousReleaseKv } from "../../helpers/previous_release.ts";
import { formBody, startService } from "../../fault/harness.ts";
import { createWebhook, getWebhook, type Webhook } from "../../../domain/webhooks/store.ts";
import { urlCredentialsAad, webhookTarget } from "../../../domain/webhooks/delivery.ts";
import { seal, unseal } from "../../../domain/kernel/crypto.ts";
import type { Ctx } from "../../../domain/kernel/context.ts";

const log = createLogger("silent");

Deno.test("a fresh database is brought to this release's schema version, once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const first = await migrate(kv, log);
    assert.deepEqual([first.from, first.to], [0, SCHEMA_VERSION]);
    assert.equal(first.ran.length, SCHEMA_VERSION);
    const again = await migrate(kv, log);
    assert.deepEqual(again, { from: SCHEMA_VERSION, to: SCHEMA_VERSION, ran: [] });
  } finally {
    kv.close();
  }
});

Deno.test("a database of a newer release is refused: migrations only go forward", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    assert.ok(await advanceSchemaVersion(kv, 0, SCHEMA_VERSION + 5));
    await assert.rejects(() => migrate(kv, log), SchemaError);
    assert.equal(await readSchemaVersion(kv), SCHEMA_VERSION + 5, "left as it was");
  } finally {
    kv.close();
  }
});

Deno.test("migrations run in order and are recorded once when two instances start together", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const order: string[] = [];
    const steps: Migration[] = [1, 2, 3].map((to) => ({
      to,
      name: `step ${to}`,
      run: async (db) => {
        order.push(`step ${to}`);
        // Idempotent: sets, never adds.
        await db.set(["migration_test", to], true);
      },
    }));
    const [a, b] = await Promise.all([migrate(kv, log, steps), migrate(kv, log, steps)]);
    assert.equal(await readSchemaVersion(kv), 3);
    assert.deepEqual([...a.ran, ...b.ran].sort(), ["step 1", "step 2", "step 3"]);
    const firstRuns = order.filter((s, i) => order.indexOf(s) === i);
    assert.deepEqual(firstRuns, ["step 1", "step 2", "step 3"]);
  } finally {
    kv.close();
  }
});

Deno.test({
  name: "a KV file written by the previous release starts, migrates and serves its old data",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-upgrade-" });
    const kvPath = `${dir}/svc.kv`;
    const keyB64 = btoa(String.fromCharCode(...new Uint8Array(32).fill(11)));
    try {
      const old = await makePreviousReleaseKv(kvPath, keyB64);
      if ("skipped" in old) {
        console.log(`skipped: ${old.skipped}`);
        return;
      }
      const before = await openKv(kvPath);
      assert.equal(await readSchemaVersion(before), 0, "the previous release kept no version");
      before.close();

      const svc = await startService(kvPath, { SVC_LOG_LEVEL: "info" });
      let status;
      try {
        const r = await svc.api("forms/submit", old.key, formBody("upgrade", 1, "old.example.com"));
        status = r.status;
        const migrated = svc.log.some((l) => l.includes("migrations done"));
        assert.ok(migrated, "the start logged its migrations");
      } finally {
        await svc.term();
      }
      assert.equal(status, 200, "the old site's key still works");
      const kv = await openKv(kvPath);
      try {
        assert.equal(await readSchemaVersion(kv), SCHEMA_VERSION);
        assert.ok(await getSubmission(kv, old.submissionId), "the old submission is there");
        assert.deepEqual((await runDoctor(kv, { now: Date.now() })).findings, []);
      } finally {
        kv.close();
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("migration 2 seals webhook URL credentials that old records keep in clear; delivery auth is unchanged", async () => {
  const kv = await Deno.openKv(":memory:");
  const key = crypto.getRandomValues(new Uint8Array(32));
  try {
    const id = "0190f000-0000-7000-8000-00000000a001";
    const now = new Date().toISOString();
    const old: Webhook = {
      id,
      site_id: "0190f000-0000-7000-8000-00000000b001",
      url: "https://hook%20user:p%40ss@hooks.example.com/in?x=1",
      events: ["all"],
      paused: false,
      secret: seal(key, "whsec_old", id),
      created_at: now,
      updated_at: now,
    };
    await createWebhook(kv, old);
    const plain: Webhook = {
      ...old,
      id: id.replace("a001", "a002"),
      url: "https://hooks.example.com/b",
    };
    await createWebhook(kv, { ...plain, secret: seal(key, "whsec_old", plain.id) });
    // Without the key there is no way to seal: refused, version left as it was.
    await assert.rejects(() => migrate(kv, log), /encryption key/);
    assert.equal(await readSchemaVersion(kv), 1);
    const run = await migrate(kv, log, undefined, { encryptionKey: key });
    assert.equal(run.to, SCHEMA_VERSION);
    assert.ok(run.ran.some((n) => n.startsWith("webhook URL credentials")));
    const w = (await getWebhook(kv, id))!;
    assert.equal(w.url, "https://hooks.example.com/in?x=1");
    assert.equal(unseal(key, w.url_credentials!, urlCredentialsAad(id)), "hook%20user:p%40ss");
    const ctx = { config: { encryptionKey: key } } as unknown as Ctx;
    assert.deepEqual(webhookTarget(ctx, w), webhookTarget(ctx, old));
    assert.equal(webhookTarget(ctx, w).authorization, `Basic ${btoa("hook user:p@ss")}`);
    assert.equal((await getWebhook(kv, plain.id))!.url_credentials ?? null, null);
    // Idempotent: a second run (another instance) changes nothing.
    const again = await migrate(kv, log, undefined, { encryptionKey: key });
    assert.deepEqual(again.ran, []);
  } finally {
    kv.close();
  }
});
