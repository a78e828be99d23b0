/**
 * What a receiver checks: mail of a site with a verified sending domain is
 * signed with that domain's key, and the signature verifies (mailauth) against
 * the published record; once the domain is unverified, mail uses the relay.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { startDnsServer, type TestDnsServer } from "../../helpers/dns_server.ts";
import { startSmtp } from "../../helpers/smtp.ts";

type Rec = { name: string; value: string; purpose: string };

/** A dns.promises.resolve-shaped resolver that asks the test's name server. */
function resolverFor(dns: TestDnsServer) {
  return (name: string, rr: string) =>
    Deno.resolveDns(name, rr as "TXT", { nameServer: { ipAddr: "127.0.0.1", port: dns.port } });
}

Deno.test("domain-mode mail carries a DKIM signature that verifies against the published key", async () => {
  const dns = await startDnsServer();
  const smtp = await startSmtp();
  const svc = await startTestService({
    config: { SVC_DNS_SERVER: dns.address, SVC_SMTP_URL: smtp.url },
  });
  try {
    const { key, siteId, accountId } = await seedSite(svc);
    const add = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "signed.example",
      from_address: "hello@signed.example",
    });
    const dkim = (add.body.dns_records as Rec[]).find((r) => r.purpose === "dkim")!;
    dns.setTxt(dkim.name, [dkim.value]);
    assert.equal(
      (await svc.admin("POST", `/sending-domains/${add.body.id}/check`)).body.status,
      "verified",
    );

    const sent = await svc.api("POST", "mail/send", {
      key,
      body: { to: "reader@example.org", subject: "Signed", text: "Hello from our own domain." },
    });
    assert.equal(sent.body.ok, true, sent.text);
    assert.equal(sent.body.mode, "domain");
    const [m] = await smtp.waitFor(1);
    assert.match(m.raw.toString(), /\r\nFrom: [^\r\n]*<hello@signed\.example>/);
    const result = await dkimVerify(m.raw, { resolver: resolverFor(dns) });
    assert.equal(result.results.length, 1);
    const sig = result.results[0];
    assert.equal(sig.status.result, "pass", JSON.stringify(sig.status));
    assert.equal(sig.signingDomain, "signed.example");
    assert.equal(sig.selector, add.body.dkim_selector);

    // A tampered copy fails: the check is real.
    const tampered = m.raw.toString().replace(
      "Hello from our own domain.",
      "Hello from someone else.",
    );
    const bad = await dkimVerify(Buffer.from(tampered), { resolver: resolverFor(dns) });
    assert.notEqual(bad.results[0].status.result, "pass");

    // Sequence steps go in relay mode even when the site has a verified domain.
    await svc.admin("POST", `/accounts/${accountId}/sequences`, {
      key: "s",
      name: "S",
      steps: [{ delay_seconds: 0, template: "welcome" }],
    });
    await svc.api("POST", "sequences/enroll", {
      key,
      body: { sequence: "s", email: "seq@example.org", data: { name: "Sam" } },
    });
    const [, step] = await smtp.waitFor(2);
    assert.match(step.raw.toString(), /\r\nFrom: [^\r\n]*<relay@localhost>/);

    // The record removed and Verify run: the domain is pending, mail uses the relay.
    dns.remove(dkim.name);
    await svc.admin("POST", `/sending-domains/${add.body.id}/check`);
    const relay = await svc.api("POST", "mail/send", {
      key,
      body: { to: "reader@example.org", subject: "Relay", text: "Back on the relay." },
    });
    assert.equal(relay.body.mode, "relay");
    const [, , r] = await smtp.waitFor(3);
    assert.match(r.raw.toString(), /\r\nFrom: [^\r\n]*<relay@localhost>/);
    assert.doesNotMatch(r.raw.toString(), /d=signed\.example/);
  } finally {
    await svc.close();
    await smtp.close();
    await dns.close();
  }
});
