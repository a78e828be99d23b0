/**
 * Operator commands on the database named by SVC_KV_PATH (the same variable
 * as the service; a KV Connect URL too, with DENO_KV_ACCESS_TOKEN):
 *
 *   deno task doctor [--repair]   report (and repair) broken invariants (doctor.ts)
 *
 * Exit status: 0 when nothing is left to report, 1 otherwise, 2 on bad usage.
 */
import { ConfigError, parseEnv } from "../kernel/config.ts";
import { openKv } from "../kernel/kv/open.ts";
import { formatReport, runDoctor } from "./doctor.ts";

const USAGE = "usage: deno task doctor [--repair]";

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
  console.error(USAGE);
  return 2;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
