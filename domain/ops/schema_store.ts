/** The database's schema version (domain/ops/migrations.ts). */
import { keys } from "../kernel/kv/keys.ts";

/** The version recorded in the database; 0 when none is (written before versions were kept). */
export async function readSchemaVersion(kv: Deno.Kv): Promise<number> {
  return (await kv.get<number>(keys.schemaVersion())).value ?? 0;
}

/**
 * Moves the recorded version from `from` to `to`, if it is still `from`
 * (another instance starting at the same time may have done it); returns
 * whether this call did.
 */
export async function advanceSchemaVersion(
  kv: Deno.Kv,
  from: number,
  to: number,
): Promise<boolean> {
  const cur = await kv.get<number>(keys.schemaVersion());
  if ((cur.value ?? 0) !== from) return false;
  return (await kv.atomic().check(cur).set(keys.schemaVersion(), to).commit()).ok;
}
