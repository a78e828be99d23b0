/** The health check's KV probe: one read of a key nothing writes. */
import { keys } from "./keys.ts";

/** Resolves when KV answers a read; throws what KV threw otherwise. */
export async function probeKv(kv: Deno.Kv): Promise<void> {
  await kv.get(keys.health());
}
