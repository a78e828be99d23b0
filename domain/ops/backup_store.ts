/** The note a backup file carries about itself (domain/ops/backup.ts). */
import { keys } from "../kernel/kv/keys.ts";

export type BackupMeta = {
  /** `sha256:` and the first 16 hex digits of SHA-256 of the encryption key: never the key. */
  key_fingerprint: string;
  created_at: string;
  /** The schema version of the database when it was copied (kv/schema.ts). */
  schema_version: number;
};

export async function putBackupMeta(kv: Deno.Kv, meta: BackupMeta): Promise<void> {
  await kv.set(keys.backupMeta(), meta);
}

export async function getBackupMeta(kv: Deno.Kv): Promise<BackupMeta | null> {
  return (await kv.get<BackupMeta>(keys.backupMeta())).value;
}

export async function deleteBackupMeta(kv: Deno.Kv): Promise<void> {
  await kv.delete(keys.backupMeta());
}
