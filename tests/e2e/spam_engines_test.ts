/**
 * The external engines of check 12 (issue 13), end to end: the `spamd://`
 * adapter against Debian's real SpamAssassin daemon (`spamd`) and the rspamd
 * adapter against Debian's real `rspamd`, each a private instance started by
 * the test on a free loopback port (the system services stay off). GTUBE, the
 * engines' standard test string, must come back spam from the engine itself
 * (not from the built-in fallback) and an ordinary mail must not; through the
 * whole service, a GTUBE mail/send answers ai_flagged with the engine named in
 * the email log.
 *
 * Needs Debian's `spamassassin` and `rspamd` (.ci/run installs them); each
 * part is skipped without its package. rspamd starts in about 20 to 60 s here
 * (no network: its DNS lookups time out), hence the generous wait.
 */
import assert from "node:assert/strict";
import { classifierFromUrl, type ClassifierInput } from "../../domain/spam/classifier.ts";
import { createLogger } from "../../domain/kernel/log.ts";
import { seedSite, startTestService } from "../helpers/service.ts";

const log = createLogger("silent");

const GTUBE = "XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X";
const gtubeMail: ClassifierInput = {
  from: "news@example.com",
  to: "ann@example.org",
  subject: "Engine test",
  text: `This is the standard test message.\n\n${GTUBE}\n`,
  html: null,
};
const hamMail: ClassifierInput = {
  from: "tom@example.com",
  to: "ann@example.org",
  subject: "Lunch on Friday",
  text: "Hi Ann,\n\nShall we meet at the usual place at noon on Friday? I'll book a table.\n\nTom",
  html:
    "<p>Hi Ann,</p><p>Shall we meet at the usual place at noon on Friday? I'll book a table.</p>",
};

async function has(cmd: string): Promise<boolean> {
  try {
    return (await new Deno.Command(cmd, { args: ["--version"], stdout: "null", stderr: "null" })
      .output()).success;
  } catch {
    return false;
  }
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function waitForPort(port: number, ms: number, child: Deno.ChildProcess): Promise<void> {
  let exited = false;
  child.status.then(() => exited = true);
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (exited) throw new Error(`the engine exited before listening on ${port}`);
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`nothing listens on ${port} after ${ms} ms`);
}

async function stop(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch { /* already gone */ }
  await child.status;
}

/** Check 12 through the whole service with the engine configured: GTUBE is refused. */
async function refusedThroughService(url: string, engine: string): Promise<void> {
  const svc = await startTestService({ runJobs: false, config: { SVC_SPAM_CLASSIFIER_URL: url } });
  try {
    const s = await seedSite(svc);
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@example.org", subject: gtubeMail.subject, text: gtubeMail.text },
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.error, "ai_flagged");
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    const classifier = (rec.spam as { classifier: { engine: string; spam: boolean } }).classifier;
    assert.equal(classifier.engine, engine);
    assert.equal(classifier.spam, true);
  } finally {
    await svc.close();
  }
}

Deno.test({
  name: "spamd:// adapter: Debian's spamd finds GTUBE spam and an ordinary mail ham",
  ignore: !(await has("spamd")),
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const port = freePort();
    const dir = await Deno.makeTempDir({ prefix: "spamd-" });
    const args = [
      "-L", // local tests only: no DNS blocklists, Razor or Pyzor from a test
      "-x", // no per-user configuration
      `--listen=127.0.0.1:${port}`,
      "--allowed-ips=127.0.0.1",
      "--min-children=1",
      "--max-children=1",
      `--pidfile=${dir}/spamd.pid`,
      "-s",
      "stderr",
    ];
    if (Deno.uid() === 0) args.push("-u", "nobody");
    const child = new Deno.Command("spamd", { args, stdout: "null", stderr: "null" }).spawn();
    try {
      await waitForPort(port, 60_000, child);
      const c = classifierFromUrl(`spamd://127.0.0.1:${port}`, log);
      const spam = await c.classify(gtubeMail);
      assert.equal(spam.engine, "spamd");
      assert.equal(spam.spam, true, spam.detail ?? "");
      assert.ok(spam.score >= 100, spam.detail ?? "");
      const ham = await c.classify(hamMail);
      assert.equal(ham.engine, "spamd");
      assert.equal(ham.spam, false, ham.detail ?? "");
      await refusedThroughService(`spamd://127.0.0.1:${port}`, "spamd");
    } finally {
      await stop(child);
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "rspamd adapter: Debian's rspamd finds GTUBE spam and an ordinary mail ham",
  ignore: !(await has("rspamd")),
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const port = freePort();
    const dir = await Deno.makeTempDir({ prefix: "rspamd-" });
    // Debian's configuration, with a private local directory that moves the
    // workers to free loopback ports, turns the proxy off, logs to the console
    // and points DNS at a closed port (no network lookups from a test).
    for (const d of ["local/local.d", "local/override.d", "db", "run", "log"]) {
      await Deno.mkdir(`${dir}/${d}`, { recursive: true });
    }
    const od = `${dir}/local/override.d`;
    await Deno.writeTextFile(`${od}/worker-normal.inc`, `bind_socket = "127.0.0.1:${port}";\n`);
    await Deno.writeTextFile(
      `${od}/worker-controller.inc`,
      `bind_socket = "127.0.0.1:${freePort()}";\n`,
    );
    await Deno.writeTextFile(`${od}/worker-proxy.inc`, "enabled = false;\n");
    await Deno.writeTextFile(`${od}/logging.inc`, 'type = "console";\nlevel = "error";\n');
    await Deno.writeTextFile(
      `${dir}/local/local.d/options.inc`,
      'dns { nameserver = ["127.0.0.1:1"]; timeout = 0.2s; retransmits = 1; }\n',
    );
    await Deno.chmod(dir, 0o777);
    for (const d of ["db", "run", "log"]) await Deno.chmod(`${dir}/${d}`, 0o777);
    const child = new Deno.Command("rspamd", {
      args: [
        "-f",
        ...(Deno.uid() === 0 ? ["-i"] : []),
        "-c",
        "/etc/rspamd/rspamd.conf",
        `--var=LOCAL_CONFDIR=${dir}/local`,
        `--var=DBDIR=${dir}/db`,
        `--var=RUNDIR=${dir}/run`,
        `--var=LOGDIR=${dir}/log`,
        "-p",
        `${dir}/run/rspamd.pid`,
      ],
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      await waitForPort(port, 180_000, child);
      const url = `http://127.0.0.1:${port}`;
      const c = classifierFromUrl(url, log);
      const spam = await c.classify(gtubeMail);
      assert.equal(spam.engine, "rspamd");
      assert.equal(spam.spam, true, spam.detail ?? "");
      const ham = await c.classify(hamMail);
      assert.equal(ham.engine, "rspamd");
      assert.equal(ham.spam, false, ham.detail ?? "");
      await refusedThroughService(url, "rspamd");
    } finally {
      await stop(child);
      await Deno.remove(dir, { recursive: true });
    }
  },
});
