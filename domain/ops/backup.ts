/**
 * `deno task backup FILE` and `deno task restore FILE`: a consistent copy of
 * the KV file while the service runs, and putting one back.
 *
 * Deno KV keeps a local database in one SQLite file (WAL mode). SQLite's
 * `VACUUM INTO` (through `node:sqlite`) writes a copy of the database as of
 * one read transaction: every atomic commit is in it whole or not at all,
 * while the service goes on writing. The copy then gets a note (backup_store.ts)
 * with the encryption key's fingerprint, never the key: stored secrets in it
 * (webhook and captcha secrets, DKIM keys) can only be read with the same key,
 * so restore refuses a backup whose fingerprint differs from the key it would
 * run with, unless forced.
 *
 * Runs with --allow-all: Deno's node:sqlite refuses ATTACH (which VACUUM INTO
 * uses) to a process with narrower permissions.
 *
 * KV Connect databases (Deno Deploy) are not files: back them up with the
 * platform's own backups (docs/operations.md).
 */
import { DatabaseSync } from "node:sqlite";
import { dirname } from "node:path";
import { sha256Hex } from "../kernel/crypto.ts";
import { openKv, restrictKvFiles } from "../kernel/kv/open.ts";
import { readSchemaVersion } from "./schema_store.ts";
import { type BackupMeta, deleteBackupMeta, getBackupMeta, putBackupMeta } from "./backup_store.ts";

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** What a backup records about the encryption key: enough to compare, useless to decrypt. */
export function keyFingerprint(key: Uint8Array): string {
  return `sha256:${sha256Hex(key).slice(0, 16)}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/** SQLite's consistent copy of the database at `from` into `to` (which must not exist). */
function vacuumInto(from: string, to: string): void {
  const db = new DatabaseSync(from);
  try {
    // The service may be committing: wait for its write lock rather than fail.
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(to);
  } finally {
    db.close();
  }
}

function assertLocalFile(kvPath: string): void {
  if (kvPath === ":memory:" || kvPath === "platform" || kvPath.includes("://")) {
    throw new BackupError(
      `SVC_KV_PATH is ${kvPath.includes("://") ? "a KV Connect URL" : kvPath}; ` +
        "backup and restore work on a local KV file (see docs/operations.md for Deploy).",
    );
  }
}

/** Copies the live database at `kvPath` into `file`; returns the note it carries. */
export async function backup(
  kvPath: string,
  file: string,
  encryptionKey: Uint8Array,
  now = new Date(),
): Promise<BackupMeta> {
  assertLocalFile(kvPath);
  if (!(await exists(kvPath))) throw new BackupError(`no KV file at ${kvPath}`);
  if (await exists(file)) throw new BackupError(`${file} exists; choose a new file name`);
  vacuumInto(kvPath, file);
  const kv = await openKv(file);
  try {
    const meta: BackupMeta = {
      key_fingerprint: keyFingerprint(encryptionKey),
      created_at: now.toISOString(),
      schema_version: await readSchemaVersion(kv),
    };
    await putBackupMeta(kv, meta);
    return meta;
  } finally {
    kv.close();
  }
}

export type RestoreOptions = {
  /** Replace an existing KV file (the service must be stopped). */
  replace?: boolean;
  /** Restore even though the backup was made with another encryption key. */
  force?: boolean;
};

/** Puts the backup `file` in place as the database at `kvPath`; returns its note. */
export async function restore(
  file: string,
  kvPath: string,
  encryptionKey: Uint8Array,
  opts: RestoreOptions = {},
): Promise<BackupMeta | null> {
  assertLocalFile(kvPath);
  if (!(await exists(file))) throw new BackupError(`no backup file at ${file}`);
  // The note is read and removed in a scratch copy: the backup file stays as it was.
  const scratch = await Deno.makeTempDir({ prefix: "svc-restore-" });
  try {
    const copy = `${scratch}/backup.kv`;
    await Deno.copyFile(file, copy);
    const kv = await openKv(copy);
    let meta: BackupMeta | null;
    try {
      meta = await getBackupMeta(kv);
      await deleteBackupMeta(kv);
    } finally {
      kv.close();
    }
    if (!meta && !opts.force) {
      throw new BackupError(
        `${file} carries no backup note (not made by deno task backup); pass --force to restore it anyway`,
      );
    }
    const ours = keyFingerprint(encryptionKey);
    if (meta && meta.key_fingerprint !== ours && !opts.force) {
      throw new BackupError(
        `${file} was made with the encryption key ${meta.key_fingerprint}, but this ` +
          `configuration has ${ours}: its stored secrets could not be read. Set ` +
          "SVC_ENCRYPTION_KEY (or the data folder's encryption_key) to the key of the backup, " +
          "or pass --force to restore it anyway.",
      );
    }
    if (await exists(kvPath)) {
      if (!opts.replace) {
        throw new BackupError(
          `${kvPath} exists; stop the service and pass --replace to put the backup in its place`,
        );
      }
      for (const f of [kvPath, `${kvPath}-wal`, `${kvPath}-shm`, `${kvPath}-journal`]) {
        await Deno.remove(f).catch((e) => {
          if (!(e instanceof Deno.errors.NotFound)) throw e;
        });
      }
    }
    await Deno.mkdir(dirname(kvPath), { recursive: true, mode: 0o700 });
    vacuumInto(copy, kvPath);
    await restrictKvFiles(kvPath);
    return meta;
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
}
