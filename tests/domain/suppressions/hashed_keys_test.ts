/**
 * Suppressions and unsubscribes written before they were keyed by the
 * address's keyed hash are moved to it by migration 3: afterwards no key
 * holds the address, and the send path's lookup (by hash) finds them.
 */
import assert from "node:assert/strict";
import { createLogger } from "../../../domain/kernel/log.ts";
import { migrate, SCHEMA_VERSION } from "../../../domain/ops/migrations.ts";
import { advanceSchemaVersion } from "../../../domain/ops/schema_store.ts";
import { getSuppression, getUnsubscribe } from "../../../domain/suppressions/store.ts";

const KEY = new Uint8Array(32).fill(5);

Deno.test("migration 3 moves address-keyed suppressions and unsubscribes to their keyed hash", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // A database at version 2 with records as the releases before wrote them.
    assert.ok(await advanceSchemaVersion(kv, 0, 2));
    const at = new Date().toISOString();
    await kv.set(["suppressions", "ann@example.com"], {
      email: "ann@example.com",
      reason: "bounced",
      detail: null,
      created_at: at,
    });
    await kv.set(["unsubscribes", "site-1", "bob@example.com"], {
      site_id: "site-1",
      email: "bob@example.com",
      source: "page",
      created_at: at,
    });
    const run = await migrate(kv, createLogger("silent"), undefined, { encryptionKey: KEY });
    // From version 2: migration 3 runs, and the later ones after it.
    assert.equal(run.to, SCHEMA_VERSION);
    assert.ok(run.ran[0].startsWith("suppressions and unsubscribes are keyed"), run.ran[0]);
    for await (const e of kv.list({ prefix: [] })) {
      assert.ok(!String(e.key.at(-1)).includes("@"), `clear key left: ${JSON.stringify(e.key)}`);
    }
    assert.equal((await getSuppression(kv, KEY, "ANN@example.com"))?.reason, "bounced");
    assert.equal((await getUnsubscribe(kv, KEY, "site-1", "bob@example.com"))?.source, "page");
    assert.equal(await getSuppression(kv, new Uint8Array(32).fill(6), "ann@example.com"), null);
  } finally {
    kv.close();
  }
});
