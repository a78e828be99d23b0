/**
 * TLS 1.2 and 1.3 are accepted, TLS 1.0 and 1.1 refused by the server (needs the
 * openssl command line tool: Debian package openssl).
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../domain/kernel/config.ts";
import { start } from "../../main.ts";
import { makeTestCert } from "../helpers/tls.ts";

async function sClient(port: number, flag: string) {
  const out = await new Deno.Command("openssl", {
    args: [
      "s_client",
      "-connect",
      `127.0.0.1:${port}`,
      flag,
      // Let the client offer old versions at all, so a refusal is the server's.
      "-cipher",
      "DEFAULT@SECLEVEL=0",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test("the HTTPS listener accepts TLS 1.2 and 1.3 and refuses 1.0 and 1.1", async () => {
  const cert = await makeTestCert();
  const config = await loadConfig({
    SVC_PORT: "0",
    SVC_HOST: "127.0.0.1",
    SVC_KV_PATH: ":memory:",
    // The SMTP listeners stay off: tests run side by side and 2525 is one port.
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_DATA_DIR: cert.dir,
    SVC_TLS_CERT: cert.certFile,
    SVC_TLS_KEY: cert.keyFile,
    SVC_LOG_LEVEL: "error",
  });
  const running = await start(config);
  try {
    for (const [flag, version] of [["-tls1_2", "TLSv1.2"], ["-tls1_3", "TLSv1.3"]]) {
      const r = await sClient(running.port, flag);
      assert.equal(r.code, 0, r.text);
      assert.ok(r.text.includes(`New, ${version}, Cipher is`), r.text);
    }
    for (const flag of ["-tls1", "-tls1_1"]) {
      const r = await sClient(running.port, flag);
      assert.notEqual(r.code, 0, `${flag} was accepted:\n${r.text}`);
      // The client did offer the version and the server answered with an alert.
      assert.match(r.text, /New, \(NONE\), Cipher is \(NONE\)/);
      assert.match(r.text, /SSL alert number \d+/);
      assert.doesNotMatch(r.text, /no protocols available/i);
    }
  } finally {
    await running.shutdown();
    await Deno.remove(cert.dir, { recursive: true });
  }
});
