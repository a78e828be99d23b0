/**
 * Schema versions and forward-only migrations, run at every start (main.ts)
 * before anything else touches the database. The database records the version
 * of the last migration that ran (schema_store.ts); a release runs the
 * migrations after it, in order, and records each. A database of a newer
 * release (a version above this release's) is refused: migrations never go
 * back.
 *
 * Several instances may start at once on one database: a migration must be
 * idempotent (running it twice, or in two instances at once, ends the same),
 * and the version moves with a check-and-set, so each step is recorded once.
 *
 * Adding one: append `{ to: <last + 1>, name, run }` below; `run` calls the
 * capability's store functions (no key is built here) and goes through the
 * records in pages, since a database may be large. Test it from a KV file of
 * the previous release (tests/domain/ops/migrations_test.ts).
 */
import type { Logger } from "../kernel/log.ts";
import { advanceSchemaVersion, readSchemaVersion } from "./schema_store.ts";
import { sealClearUrlCredentials } from "../webhooks/webhooks.ts";
import { hashSuppressionKeys } from "../suppressions/suppressions.ts";
import { rebuildReportedBands } from "../spam/memory.ts";

/** What a migration may need besides the database: the encryption key (null in tools without it). */
export type MigrationDeps = { encryptionKey: Uint8Array | null };

export type Migration = {
  /** The schema version the database has once this migration ran. */
  to: number;
  name: string;
  run(kv: Deno.Kv, log: Logger, deps: MigrationDeps): Promise<void>;
};

export const MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    name: "baseline: the records of releases before schema versions are valid as they are",
    run: () => Promise.resolve(),
  },
  {
    to: 2,
    name: "webhook URL credentials kept in clear by records from before sealing are sealed",
    run: async (kv, log, deps) => {
      const sealed = await sealClearUrlCredentials(kv, deps.encryptionKey);
      if (sealed) log.info("sealed webhook URL credentials", { webhooks: sealed });
    },
  },
  {
    to: 3,
    name: "suppressions and unsubscribes are keyed by the address's keyed hash, not the address",
    run: async (kv, log, deps) => {
      const moved = await hashSuppressionKeys(kv, deps.encryptionKey);
      if (moved) log.info("keyed suppressions by hash", { records: moved });
    },
  },
  {
    to: 4,
    name: "the bands with form-text reports are listed in one set, so submissions read only theirs",
    run: async (kv, log) => {
      const bands = await rebuildReportedBands(kv);
      if (bands) log.info("listed reported bands", { bands });
    },
  },
];

/** The schema version of this release. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.to;

export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SchemaError";
  }
}

export type MigrationRun = { from: number; to: number; ran: string[] };

/** Brings the database to this release's schema version (see the top of this file). */
export async function migrate(
  kv: Deno.Kv,
  log: Logger,
  migrations: readonly Migration[] = MIGRATIONS,
  deps: MigrationDeps = { encryptionKey: null },
): Promise<MigrationRun> {
  const target = migrations.at(-1)?.to ?? 0;
  const from = await readSchemaVersion(kv);
  if (from > target) {
    throw new SchemaError(
      `the database's schema version is ${from}, newer than this release's ${target}: ` +
        "it was written by a newer release. Run that release or a newer one " +
        "(migrations only go forward), or restore a backup made by this release.",
    );
  }
  const ran: string[] = [];
  let v = from;
  for (const m of migrations) {
    if (m.to <= v) continue;
    log.info("running migration", { to: m.to, name: m.name });
    await m.run(kv, log, deps);
    // false: another instance recorded it first (having run the same idempotent step).
    if (await advanceSchemaVersion(kv, v, m.to)) ran.push(m.name);
    v = await readSchemaVersion(kv);
    if (v < m.to) throw new SchemaError(`schema version ${v} after the migration to ${m.to}`);
  }
  if (ran.length) log.info("migrations done", { from, to: v, ran });
  return { from, to: v, ran };
}
