/**
 * Operator commands on the database named by SVC_KV_PATH (the same variable
 * as the service; a KV Connect URL too, with DENO_KV_ACCESS_TOKEN):
 *
 *   deno task doctor [--repair]   report (and repair) broken invariants (doctor.ts)
 *   deno task backup FILE         consistent copy of the KV file, also while it runs (backup.ts)
 *   deno task restore FILE [--replace] [--force]
 *                                 the copy back in place of SVC_KV_PATH (service stopped)
 *
 * Exit status: 0 when nothing is left to report, 1 otherwise, 2 on bad usage.
 */
import { dirname, join } from "node:path";
import { Buffer } from "node:buffer";
import { ConfigError, type Env, parseEnv } from "../kernel/config.ts";
import { backup, BackupError, restore } from "./backup.ts";
import { openKv } from "../kernel/kv/open.ts";
import { formatReport, runDoctor } from "./doctor.ts";

/**
 * The encryption key the service would run with: SVC_ENCRYPTION_KEY, or the
 * data folder's encryption_key file. Never generated here: a backup or restore
 * with a new key would be useless.
 */
async function encryptionKey(env: Env): Promise<Uint8Array> {
  let b64 = env.SVC_ENCRYPTION_KEY;
  if (!b64) {
    const dataDir = env.SVC_DATA_DIR ?? dirname(env.SVC_KV_PATH);
    const file = join(dataDir, "encryption_key");
    try {
      b64 = (await Deno.readTextFile(file)).trim();
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
      throw new BackupError(
        `no encryption key: set SVC_ENCRYPTION_KEY or put the key file at ${file}`,
      );
    }
  }
  const key = new Uint8Array(Buffer.from(b64, "base64"));
  if (key.length !== 32) throw new BackupError("the encryption key is not base64 of 32 bytes");
  return key;
}

const USAGE = "usage: deno task doctor [--repair] | deno task backup FILE | " +
  "deno task restore FILE [--replace] [--force]";

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  let env;
  try {
    env = parseEnv(Deno.env.toObject());
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  if (command === "doctor") {
    const repair = rest.includes("--repair");
    const kv = await openKv(env.SVC_KV_PATH);
    try {
      const report = await runDoctor(kv, { now: Date.now(), repair });
      console.log(formatReport(report, repair));
      return report.remaining.length === 0 ? 0 : 1;
    } finally {
      kv.close();
    }
  }
  if ((command === "backup" || command === "restore") && rest[0] && !rest[0].startsWith("--")) {
    const file = rest[0];
    try {
      const key = await encryptionKey(env);
      if (command === "backup") {
        const meta = await backup(env.SVC_KV_PATH, file, key);
        console.log(
          `backup: ${env.SVC_KV_PATH} copied to ${file} (schema version ${meta.schema_version}, ` +
            `encryption key ${meta.key_fingerprint}). Keep the encryption key apart from it: ` +
            "without the key the backup's stored secrets cannot be read.",
        );
      } else {
        const meta = await restore(file, env.SVC_KV_PATH, key, {
          replace: rest.includes("--replace"),
          force: rest.includes("--force"),
        });
        console.log(
          `restore: ${file} put in place as ${env.SVC_KV_PATH}` +
            (meta ? ` (made ${meta.created_at}, schema version ${meta.schema_version})` : "") +
            ". Start the service: it runs any newer migrations.",
        );
      }
      return 0;
    } catch (e) {
      if (e instanceof BackupError) {
        console.error(`${command}: ${e.message}`);
        return 1;
      }
      throw e;
    }
  }
  console.error(USAGE);
  return 2;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
