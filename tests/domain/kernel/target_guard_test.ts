import assert from "node:assert/strict";
import {
  checkTarget,
  nonPublicReason,
  staticTargetProblem,
} from "../../../domain/kernel/net/target_guard.ts";
import { startDnsServer } from "../../helpers/dns_server.ts";

const refusedAddresses = [
  "127.0.0.1",
  "127.255.0.9",
  "10.0.0.1",
  "172.16.5.4",
  "192.168.1.1",
  "169.254.169.254", // cloud metadata
  "100.64.0.1", // CGNAT
  "0.0.0.0",
  "255.255.255.255",
  "224.0.0.1",
  "240.0.0.1",
  "192.0.2.10",
  "198.18.0.1",
  "::",
  "::1",
  "fe80::1",
  "fc00::1",
  "fd12:3456::1",
  "ff02::1",
  "2001:db8::1",
  "::ffff:127.0.0.1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "::127.0.0.1", // IPv4-compatible, dotted
  "::7f00:1", // IPv4-compatible, hex (as a resolver prints it)
  "::808:808", // IPv4-compatible forms are deprecated: refused even for public ones
  "::ffff:0:7f00:1", // SIIT
  "64:ff9b::a00:1", // NAT64 of 10.0.0.1
  "2002:7f00:1::1", // 6to4 of 127.0.0.1
  "2001::1", // Teredo
];

Deno.test("non-public addresses are refused, mapped and embedded forms included", () => {
  for (const ip of refusedAddresses) {
    assert.notEqual(nonPublicReason(ip), null, `${ip} should be refused`);
  }
});

Deno.test("public unicast addresses pass, also when carried in a mapped form", () => {
  for (
    const ip of [
      "8.8.8.8",
      "93.184.216.34",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
    ]
  ) {
    assert.equal(nonPublicReason(ip), null, ip);
  }
});

Deno.test("literal addresses in URLs are checked in every spelling WHATWG accepts", () => {
  for (
    const u of [
      "http://127.0.0.1/",
      "http://2130706433/", // decimal 127.0.0.1
      "http://0x7f.1/",
      "http://[::1]:8080/",
      "http://[::ffff:127.0.0.1]/",
      "https://10.0.0.1/hook",
      "http://localhost:3000/",
      "http://api.localhost/",
      "http://LOCALHOST./",
    ]
  ) {
    assert.notEqual(staticTargetProblem(new URL(u), false), null, u);
    assert.equal(staticTargetProblem(new URL(u), true), null, `${u} with private targets allowed`);
  }
  assert.match(staticTargetProblem(new URL("ftp://example.com/"), true)!, /scheme/);
  assert.equal(staticTargetProblem(new URL("https://hooks.example.com/x"), false), null);
});

Deno.test("checkTarget refuses literal private addresses without a lookup", async () => {
  for (
    const u of [
      "http://127.0.0.1:1/",
      "http://10.0.0.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
    ]
  ) {
    const r = await checkTarget(new URL(u), { allowPrivate: false });
    assert.equal(r.ok, false, u);
    assert.match((r as { reason: string }).reason, /^refused target: /);
  }
  const pub = await checkTarget(new URL("http://8.8.8.8/"), { allowPrivate: false });
  assert.deepEqual(pub, { ok: true, addresses: ["8.8.8.8"] });
});

Deno.test("checkTarget resolves host names (A and AAAA) and refuses any private answer", async () => {
  const dns = await startDnsServer({
    "intranet.example.test": { A: ["10.0.0.7"] },
    "sneaky.example.test": { A: ["93.184.216.34"], AAAA: ["::1"] },
    "mapped.example.test": { AAAA: ["::ffff:7f00:1"] },
    "public.example.test": { A: ["93.184.216.34"], AAAA: ["2606:4700::1111"] },
  });
  try {
    const opts = { allowPrivate: false, nameServer: dns.nameServer };
    const intranet = await checkTarget(new URL("https://intranet.example.test/h"), opts);
    assert.equal(intranet.ok, false);
    assert.match(
      (intranet as { reason: string }).reason,
      /refused target: intranet\.example\.test -> 10\.0\.0\.7 is a non-public address \(private\)/,
    );
    const sneaky = await checkTarget(new URL("https://sneaky.example.test/h"), opts);
    assert.equal(sneaky.ok, false, "one private answer among public ones is enough");
    const mapped = await checkTarget(new URL("https://mapped.example.test/h"), opts);
    assert.equal(mapped.ok, false);
    const missing = await checkTarget(new URL("https://missing.example.test/h"), opts);
    assert.equal(missing.ok, false);
    assert.match((missing as { reason: string }).reason, /found no address/);
    const pub = await checkTarget(new URL("https://public.example.test/h"), opts);
    assert.deepEqual(pub, { ok: true, addresses: ["93.184.216.34", "2606:4700::1111"] });
    assert.ok(dns.queries.includes("A intranet.example.test"));
    assert.ok(dns.queries.includes("AAAA intranet.example.test"));
  } finally {
    await dns.close();
  }
});

Deno.test("with private targets allowed, no lookup is made", async () => {
  const dns = await startDnsServer({});
  try {
    const r = await checkTarget(new URL("http://anything.example.test/"), {
      allowPrivate: true,
      nameServer: dns.nameServer,
    });
    assert.equal(r.ok, true);
    assert.deepEqual(dns.queries, []);
  } finally {
    await dns.close();
  }
});
