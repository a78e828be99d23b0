/** What the threads load when they start (docs/performance.md, "Memory and start"). */
import assert from "node:assert/strict";
import { staticGraph } from "../helpers/module_graph.ts";

Deno.test("the delivery worker starts without html-to-text, zod, the spam models or mailparser", async () => {
  const graph = await staticGraph(
    new URL("../../workers/smtp_worker.ts", import.meta.url).pathname,
  );
  assert.ok(graph.some((s) => s.endsWith("/domain/mail/tracking.ts")), "sanity");
  assert.ok(graph.some((s) => /nodemailer/.test(s)), "sanity");
  const unused = graph.filter((s) =>
    /html-to-text|selderee|zod|mailparser|mailauth|tldts|disposable-email-domains/.test(s) ||
    /\/domain\/(spam|forms|sites|webhooks)\//.test(s) || s.endsWith("/domain/mail/render.ts")
  );
  assert.deepEqual(unused, []);
});

Deno.test("the HTTP thread starts without mailparser: it is imported with the first message parsed", async () => {
  const graph = await staticGraph(new URL("../../main.ts", import.meta.url).pathname);
  assert.ok(graph.some((s) => s.endsWith("/domain/inbound/parse.ts")), "sanity");
  assert.deepEqual(graph.filter((s) => /mailparser|iconv-lite|encoding-japanese/.test(s)), []);
});
