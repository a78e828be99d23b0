/**
 * The service in a process of its own, for tests that try to exhaust it (a
 * test must survive the process it attacks): main.ts's start() on a random
 * loopback port and an in-memory KV, SMTP listeners off. Prints one JSON line,
 * `{port, posts}` (the POST paths of the route table), then serves until killed.
 * Environment: FLOOD_TOKEN, the operator token.
 */
import { loadConfig } from "../../domain/kernel/config.ts";
import { start } from "../../main.ts";
import { buildApp } from "../../routes/app.ts";

const dir = await Deno.makeTempDir();
const config = await loadConfig({
  SVC_PORT: "0",
  SVC_HOST: "127.0.0.1",
  SVC_KV_PATH: ":memory:",
  SVC_SMTP_INBOUND_PORT: "0",
  SVC_SMTP_SUBMISSION_PORT: "0",
  SVC_DATA_DIR: dir,
  SVC_ADMIN_TOKEN: Deno.env.get("FLOOD_TOKEN") ?? "",
  SVC_LOG_LEVEL: "error",
  // Connections to close are closed by a sweep every quarter of this.
  SVC_HEADER_TIMEOUT_MS: "1000",
});
const running = await start(config);
const posts = [
  ...new Set(buildApp(running.ctx).routes.filter((r) => r.method === "POST").map((r) => r.path)),
];
console.log(JSON.stringify({ port: running.port, posts }));
