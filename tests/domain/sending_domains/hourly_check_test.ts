import assert from "node:assert/strict";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { startDnsServer } from "../../helpers/dns_server.ts";
import { siteEvents } from "../../helpers/mail.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { checkPendingDomains } from "../../../domain/sending_domains/hourly_check.ts";
import { checkSendingDomain } from "../../../domain/sending_domains/sending_domains.ts";

type Rec = { name: string; value: string; purpose: string };

Deno.test("the hourly check verifies pending domains whose DNS is ready, once per hour", async () => {
  const dns = await startDnsServer();
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 10, 5));
  const svc = await startTestService({ clock, config: { SVC_DNS_SERVER: dns.address } });
  try {
    const { siteId, key } = await seedSite(svc);
    const ready = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "ready.example",
      from_address: "a@ready.example",
    });
    const later = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "later.example",
      from_address: "a@later.example",
    });
    const recReady = (ready.body.dns_records as Rec[])[0];
    dns.setTxt(recReady.name, [recReady.value]);

    const run1 = await checkPendingDomains(svc.ctx);
    assert.deepEqual(run1, { checked: 2, verified: 1, skipped: 0 });
    const events = await siteEvents(svc, siteId);
    assert.deepEqual(events.map((e) => [e.type, e.data.domain]), [
      ["domain.verified", "ready.example"],
    ]);
    assert.deepEqual(events[0].data, {
      domain: "ready.example",
      from_address: "a@ready.example",
      status: "verified",
    });
    const st = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(st.body.effective_mode, "domain");
    const l = await svc.admin("GET", `/sending-domains/${later.body.id}`);
    assert.equal(l.body.status, "pending");
    assert.match(l.body.last_check_error as string, /no TXT record/);

    // Another process running the same hour's cron finds the domains claimed.
    const recLater = (later.body.dns_records as Rec[])[0];
    dns.setTxt(recLater.name, [recLater.value]);
    assert.deepEqual(await checkPendingDomains(svc.ctx), { checked: 0, verified: 0, skipped: 1 });

    // The next hour checks it; the verified domain is no longer on the list even
    // though its record is gone (only the operator's Verify re-checks it).
    dns.remove(recReady.name);
    clock.advance(60 * 60 * 1000);
    dns.queries.length = 0;
    assert.deepEqual(await checkPendingDomains(svc.ctx), { checked: 1, verified: 1, skipped: 0 });
    assert.deepEqual(dns.queries, [`TXT ${recLater.name}`]);
    assert.equal(
      (await svc.admin("GET", `/sending-domains/${ready.body.id}`)).body.status,
      "verified",
    );
    assert.deepEqual(await checkPendingDomains(svc.ctx), { checked: 0, verified: 0, skipped: 0 });
    assert.equal((await siteEvents(svc, siteId, "domain.verified")).length, 2);
  } finally {
    await svc.close();
    await dns.close();
  }
});

Deno.test("checks racing on one domain commit one transition and one event", async () => {
  const dns = await startDnsServer();
  const svc = await startTestService({ config: { SVC_DNS_SERVER: dns.address } });
  try {
    const { siteId } = await seedSite(svc);
    const add = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "race.example",
      from_address: "a@race.example",
    });
    const rec = (add.body.dns_records as Rec[])[0];
    dns.setTxt(rec.name, [rec.value]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => checkSendingDomain(svc.ctx, add.body.id as string)),
    );
    for (const r of results) assert.equal(r?.status, "verified");
    assert.equal((await siteEvents(svc, siteId, "domain.verified")).length, 1);
  } finally {
    await svc.close();
    await dns.close();
  }
});
