/**
 * The peer row of `deno task bench`: the DIY endpoint a site owner would write
 * instead of the service (bench/peer/server.mjs: Node, Fastify, better-sqlite3
 * in WAL with synchronous=FULL, nodemailer's pool), on the same load generator,
 * requests and relay as the service's forms/submit rows. Its packages are
 * installed at bench time from bench/peer/package-lock.json into
 * bench/peer/node_modules (gitignored); without Node and npm the row is left
 * out with a note.
 */
import { measuredLoad, type Row } from "./row.ts";
import { type BenchSite, has } from "./service.ts";
import { spawnProcess } from "./spawn.ts";
import { enough, type Load, submissions } from "../scenarios.ts";

const dir = new URL("../peer/", import.meta.url).pathname;

/** `npm ci` when node_modules is missing or older than the lockfile; false when it cannot run. */
async function ensureInstalled(): Promise<boolean> {
  if (!(await has("node")) || !(await has("npm"))) return false;
  const lock = await Deno.stat(`${dir}package-lock.json`);
  const installed = await Deno.stat(`${dir}node_modules/.package-lock.json`).catch(() => null);
  if (installed && (installed.mtime?.getTime() ?? 0) >= (lock.mtime?.getTime() ?? 0)) return true;
  console.error("peer: npm ci in bench/peer (builds better-sqlite3 the first time, ~1 min)");
  const out = await new Deno.Command("npm", {
    args: ["ci", "--no-audit", "--no-fund"],
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) console.error(new TextDecoder().decode(out.stderr));
  return out.success;
}

/** The peer's row, or null (with the reason on stderr) when Node or its packages are missing. */
export async function peerRow(
  smtpPort: number,
  sites: BenchSite[],
  load: Load,
): Promise<Row | null> {
  if (!(await ensureInstalled())) {
    console.error("peer: left out (needs node and npm, and npm ci to succeed in bench/peer)");
    return null;
  }
  const peer = await spawnProcess("node", ["server.mjs", String(smtpPort)], "bench/peer", {
    cwd: dir,
    ready: /port (\d+)/,
  });
  try {
    return await measuredLoad({
      scenario: `peer: Node + Fastify + SQLite + nodemailer (${sites.length} sites)`,
      pid: peer.child.pid,
      baseUrl: `http://127.0.0.1:${peer.match[1]}`,
      requests: submissions(sites, enough(load)),
      ...load,
      warmupSeconds: 2,
      expect: "email_sent",
      note: "forms/submit's requests; the submission in SQLite (fsync), the notification relayed",
    });
  } finally {
    await peer.stop();
  }
}
