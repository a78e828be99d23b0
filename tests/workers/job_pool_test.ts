/**
 * With a KV file, jobs run in worker threads on their own KV handles; with
 * SVC_JOB_WORKERS=0 (or an in-memory KV) on the HTTP thread. Either way a
 * webhook delivery reaches its receiver.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../domain/kernel/config.ts";
import { start } from "../../main.ts";
import { eventually } from "../helpers/service.ts";
import { staticGraph } from "../helpers/module_graph.ts";
import { startSmtp } from "../helpers/smtp.ts";

/** The service on a KV file with one job worker thread; `fn` gets the base URL and an admin call. */
async function withFileService(
  env: Record<string, string>,
  fn: (
    base: string,
    admin: (path: string, body: unknown) => Promise<Record<string, string>>,
  ) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  const config = await loadConfig({
    SVC_PORT: "0",
    SVC_HOST: "127.0.0.1",
    SVC_KV_PATH: `${dir}/svc.kv`,
    // The SMTP listeners stay off: tests run side by side and 2525 is one port.
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_ADMIN_TOKEN: "job-pool-test-admin-token-0123456789",
    SVC_ALLOW_PRIVATE_TARGETS: "true",
    SVC_JOB_WORKERS: "1",
    SVC_LOG_LEVEL: "error",
    ...env,
  });
  const running = await start(config);
  try {
    const base = `http://127.0.0.1:${running.port}`;
    await fn(base, async (path, body) => {
      const r = await fetch(`${base}/admin/api/v1${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.adminToken}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
      assert.ok(r.ok, `${path}: ${r.status}`);
      return await r.json();
    });
  } finally {
    await running.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
}

async function deliveredWith(
  workers: string,
): Promise<{ event: string | null; ua: string | null }> {
  let got: { event: string | null; ua: string | null } | null = null;
  const receiver = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (req) => {
      await req.text();
      got = { event: req.headers.get("x-svc-event"), ua: req.headers.get("user-agent") };
      return new Response(null, { status: 204 });
    },
  );
  try {
    await withFileService({ SVC_JOB_WORKERS: workers }, async (base, admin) => {
      const account = await admin("/accounts", { name: "A" });
      const site = await admin("/sites", {
        account_id: account.id,
        name: "S",
        domain: "pool.example.com",
      });
      const key = await admin(`/sites/${site.id}/api-keys`, {});
      await admin(`/sites/${site.id}/webhooks`, {
        url: `http://127.0.0.1:${receiver.addr.port}/hook`,
        events: ["email.sent"],
      });
      const sent = await fetch(`${base}/api/v1/mail/send`, {
        method: "POST",
        headers: { "x-service-api-key": key.api_key, "content-type": "application/json" },
        body: JSON.stringify({ to: "ann@example.com", subject: "Hi", text: "Hello" }),
      });
      assert.equal((await sent.json()).sent, true);
      await eventually(() => got, 10_000);
    });
    return got!;
  } finally {
    await receiver.shutdown();
  }
}

Deno.test("with a KV file, a job worker thread delivers the webhook", async () => {
  const got = await deliveredWith("1");
  assert.deepEqual(got, { event: "email.sent", ua: "Service-Webhooks/1.0" });
});

Deno.test("with two job worker threads (sharing the wake key's jobs) the webhook is delivered", async () => {
  const got = await deliveredWith("2");
  assert.deepEqual(got, { event: "email.sent", ua: "Service-Webhooks/1.0" });
});

Deno.test("with SVC_JOB_WORKERS=0 the HTTP thread delivers it", async () => {
  const got = await deliveredWith("0");
  assert.deepEqual(got, { event: "email.sent", ua: "Service-Webhooks/1.0" });
});

Deno.test("a job worker thread sends a sequence step's mail (its mail stack loads on first use)", async () => {
  const smtp = await startSmtp();
  try {
    await withFileService({ SVC_SMTP_URL: smtp.url }, async (base, admin) => {
      const account = await admin("/accounts", { name: "A" });
      const site = await admin("/sites", {
        account_id: account.id,
        name: "S",
        domain: "seq.example.com",
      });
      const key = await admin(`/sites/${site.id}/api-keys`, {});
      await admin(`/accounts/${account.id}/templates`, {
        name: "Welcome",
        slug: "welcome",
        subject: "Welcome {{name}}",
        html: "<p>Hello {{name}}.</p>",
      });
      await admin(`/accounts/${account.id}/sequences`, {
        key: "onboarding",
        name: "Onboarding",
        steps: [{ delay_seconds: 0, template: "welcome" }],
      });
      const r = await fetch(`${base}/api/v1/sequences/enroll`, {
        method: "POST",
        headers: { "x-service-api-key": key.api_key, "content-type": "application/json" },
        body: JSON.stringify({
          sequence: "onboarding",
          email: "ann@example.com",
          data: { name: "Ann" },
        }),
      });
      assert.deepEqual(await r.json(), { ok: true, result: "enrolled" });
      const [got] = await smtp.waitFor(1, 10_000);
      assert.deepEqual(got.rcptTo, ["ann@example.com"]);
      assert.equal((await got.parse()).subject, "Welcome Ann");
    });
  } finally {
    await smtp.close();
  }
});

Deno.test("the job worker thread starts without the mail stack (nodemailer, spam models, mail engine)", async () => {
  const graph = await staticGraph(new URL("../../workers/job_worker.ts", import.meta.url).pathname);
  assert.ok(graph.some((s) => s.endsWith("/domain/webhooks/delivery_job.ts")), "sanity");
  const heavy = graph.filter((s) =>
    /nodemailer|mailauth|mailparser|html-to-text/.test(s) ||
    /\/domain\/(spam|mail)\/(?!lazy_services\.ts$)/.test(s)
  );
  assert.deepEqual(heavy, []);
});
