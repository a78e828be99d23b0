/**
 * A second instance on a KV file, for the key-check cache tests
 * (tests/domain/sites/auth_cache_test.ts): opens the file given as its first
 * argument, joins presence like a serving instance (domain/kernel/presence.ts)
 * and prints "joined"; then, for each line on stdin, `revoke <siteId> <keyId>`
 * revokes that key (the operator's use case) and prints "revoked". Leaves and
 * exits when stdin closes.
 */
import { createCtx } from "../../domain/kernel/context.ts";
import { testConfig } from "../../domain/kernel/config.ts";
import { createLogger } from "../../domain/kernel/log.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";
import { revokeKey } from "../../domain/sites/sites.ts";

if (import.meta.main) {
  const path = Deno.args[0];
  const ctx = createCtx(testConfig({ SVC_KV_PATH: path }), await openKv(path), {
    log: createLogger("error"),
  });
  await ctx.presence.join();
  console.log("joined");
  const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
  let buf = "";
  for await (const chunk of lines) {
    buf += chunk;
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const [verb, siteId, keyId] = buf.slice(0, nl).trim().split(" ");
      buf = buf.slice(nl + 1);
      if (verb === "revoke") {
        await revokeKey(ctx, siteId, keyId);
        console.log("revoked");
      }
    }
  }
  await ctx.close();
}
