/**
 * SVC_PROFILE=deploy (domain/kernel/deploy_profile.ts): what cannot run on Deno
 * Deploy is refused at start with a sentence saying why; and the service under
 * the profile's constraints (sweep trigger, no listener but HTTP, the relay on
 * a port other than 25/465/587) runs its job and mail paths here: mail/send
 * through the relay, a form's notification, webhook deliveries and a sequence
 * step, all jobs started by the sweep.
 */
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { ConfigError, loadConfig, parseEnv } from "../domain/kernel/config.ts";
import { start } from "../main.ts";
import { startSmtp } from "./helpers/smtp.ts";
import { startReceiver } from "./helpers/webhook_receiver.ts";
import { eventually } from "./helpers/service.ts";
import { formBody } from "./fault/harness.ts";

const dkimPem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey
  .export({ type: "pkcs8", format: "pem" }).toString();
const SECRETS = {
  SVC_ADMIN_TOKEN: "deploy-test-admin-token-0123456789-abcdef",
  SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(5))),
  SVC_RELAY_DKIM_KEY: dkimPem,
};
const DEPLOY = { SVC_PROFILE: "deploy", ...SECRETS, SVC_SMTP_URL: "smtp://relay.example:2525" };

function refused(env: Record<string, string>, pattern: RegExp) {
  assert.throws(() => parseEnv({ ...DEPLOY, ...env }), (e: unknown) => {
    assert.ok(e instanceof ConfigError, String(e));
    assert.match(e.message, /^Configuration error \(SVC_PROFILE=deploy\): /);
    assert.match(e.message, pattern);
    return true;
  });
}

Deno.test("the deploy profile refuses a relay on 25, 465 or 587, naming the port and 2525", () => {
  refused({ SVC_SMTP_URL: "smtp://u:p@relay.example:25" }, /port 25, which Deploy refuses.*2525/);
  refused({ SVC_SMTP_URL: "smtp://relay.example" }, /port 587/);
  refused({ SVC_SMTP_URL: "smtps://relay.example" }, /port 465/);
  refused({ SVC_SMTP_URL: "smtp://relay.example:587" }, /port 587/);
});

Deno.test("the deploy profile refuses every listener besides HTTP", () => {
  refused({ SVC_SMTP_INBOUND_PORT: "2525" }, /SVC_SMTP_INBOUND_PORT=2525 asks for a listener/);
  refused({ SVC_SMTP_SUBMISSION_PORT: "587" }, /SVC_SMTP_SUBMISSION_PORT=587/);
  refused({ SVC_TLS_CERT: "/c.pem", SVC_TLS_KEY: "/k.pem" }, /terminates TLS/);
});

Deno.test("the deploy profile refuses a KV file path and the queue trigger", () => {
  refused({ SVC_KV_PATH: "./data/svc.kv" }, /SVC_KV_PATH is a file path/);
  refused({ SVC_JOB_TRIGGER: "queue" }, /no KV queues/);
});

Deno.test("the deploy profile needs its secrets set: there is no data folder to generate them into", () => {
  for (const name of Object.keys(SECRETS)) {
    refused({ [name]: "" }, new RegExp(`${name} is not set`));
  }
});

Deno.test("the deploy profile's defaults: Deploy's KV, the sweep trigger, no SMTP listeners or threads", () => {
  const e = parseEnv(DEPLOY);
  assert.equal(e.SVC_KV_PATH, "platform");
  assert.equal(e.SVC_JOB_TRIGGER, "sweep");
  assert.deepEqual([e.SVC_SMTP_INBOUND_PORT, e.SVC_SMTP_SUBMISSION_PORT], [0, 0]);
  assert.deepEqual([e.SVC_JOB_WORKERS, e.SVC_SMTP_WORKERS], [0, 0]);
  assert.equal(
    parseEnv({ ...DEPLOY, SVC_KV_PATH: "https://api.deno.com/databases/x/connect" })
      .SVC_JOB_TRIGGER,
    "sweep",
  );
});

Deno.test({
  name: "under the deploy profile's constraints, mail, forms, webhooks and sequence steps run",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const smtp = await startSmtp();
    const rx = startReceiver();
    const config = await loadConfig({
      ...DEPLOY,
      SVC_KV_PATH: ":memory:",
      SVC_SMTP_URL: smtp.url, // a random port: not 25, 465 or 587
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_ALLOW_PRIVATE_TARGETS: "true",
      SVC_LOG_LEVEL: "error",
    });
    assert.notEqual(smtp.port, 25);
    const running = await start(config);
    try {
      assert.equal(running.ctx.useQueue, false, "jobs are started by the sweep");
      assert.equal(running.redirectPort, undefined);
      const base = `http://127.0.0.1:${running.port}`;
      const call = async (path: string, body: unknown, key?: string) => {
        const res = await fetch(base + path, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(key
              ? { "x-service-api-key": key }
              : { authorization: `Bearer ${SECRETS.SVC_ADMIN_TOKEN}` }),
          },
          body: JSON.stringify(body),
        });
        return await res.json();
      };
      const account = await call("/admin/api/v1/accounts", { name: "Deploy" });
      const site = await call("/admin/api/v1/sites", {
        account_id: account.id,
        name: "Deploy",
        domain: "deploy.example.com",
        default_notify_email: "owner@deploy.example.com",
      });
      const { api_key } = await call(`/admin/api/v1/sites/${site.id}/api-keys`, {});
      await call(`/admin/api/v1/sites/${site.id}/webhooks`, { url: rx.url, events: ["all"] });
      await call(`/admin/api/v1/accounts/${account.id}/templates`, {
        name: "Hi",
        slug: "hi",
        subject: "Hi {{name}}",
        text: "Welcome.",
      });
      await call(`/admin/api/v1/accounts/${account.id}/sequences`, {
        key: "drip",
        name: "Drip",
        enabled: true,
        steps: [{ delay_seconds: 0, template: "hi" }],
      });

      const sent = await call("/api/v1/mail/send", {
        to: "ann@example.net",
        subject: "From Deploy",
        text: "Hello.",
      }, api_key);
      assert.equal(sent.ok, true, JSON.stringify(sent));
      const form = await call("/api/v1/forms/submit", formBody("deploy", 1, "d.example"), api_key);
      assert.equal(form.ok, true, JSON.stringify(form));
      const enrolled = await call("/api/v1/sequences/enroll", {
        sequence: "drip",
        email: "kim@example.net",
        data: { name: "Kim" },
      }, api_key);
      assert.deepEqual(enrolled, { ok: true, result: "enrolled" });

      // The relay got the send, the notification and the sequence step (a job).
      await eventually(
        () => smtp.messages.some((m) => m.rcptTo.includes("kim@example.net")),
        10_000,
      );
      assert.ok(smtp.messages.some((m) => m.rcptTo.includes("ann@example.net")));
      // Webhook deliveries (jobs) arrive: email.sent twice or more, form.submitted.
      await eventually(() => {
        const types = rx.requests.map((r) => JSON.parse(r.text).type);
        return types.includes("form.submitted") &&
          types.filter((t) => t === "email.sent").length >= 2;
      }, 10_000);
    } finally {
      await running.shutdown();
      await rx.close();
      await smtp.close();
    }
  },
});
