import assert from "node:assert/strict";
import {
  addressBelongsTo,
  dkimMismatch,
  parseDkimTags,
  spfInclude,
} from "../../../domain/sending_domains/sending_domains.ts";
import { parseNameServer } from "../../../domain/sending_domains/dns.ts";
import { testConfig } from "../../../domain/kernel/config.ts";

Deno.test("a From address belongs to its domain and its subdomains only", () => {
  assert.ok(addressBelongsTo("news@example.com", "example.com"));
  assert.ok(addressBelongsTo("news@mail.example.com", "example.com"));
  assert.ok(addressBelongsTo("News@EXAMPLE.com", "example.com"));
  assert.ok(!addressBelongsTo("news@badexample.com", "example.com"));
  assert.ok(!addressBelongsTo("news@example.com.evil.net", "example.com"));
  assert.ok(!addressBelongsTo("news@other.org", "example.com"));
  assert.ok(!addressBelongsTo("not-an-address", "example.com"));
});

Deno.test("DKIM tags parse whatever their order, spacing, case and quoting", () => {
  const t = parseDkimTags(' p = AB CD ;K=rsa;  v=DKIM1 ; "t=s" ');
  assert.equal(t.get("p"), "AB CD");
  assert.equal(t.get("k"), "rsa");
  assert.equal(t.get("v"), "DKIM1");
  assert.equal(t.get("t"), "s");
});

Deno.test("a DKIM record matches only when it carries our public key", () => {
  const key = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx";
  const name = "sel._domainkey.example.com";
  assert.equal(dkimMismatch(name, [`v=DKIM1; k=rsa; p=${key}`], key), null);
  // Whitespace inside p (providers wrap long values) and another tag order.
  assert.equal(dkimMismatch(name, [`p=${key.slice(0, 10)} ${key.slice(10)}; v=DKIM1`], key), null);
  // An unrelated TXT record next to ours does not matter.
  assert.equal(dkimMismatch(name, ["google-site-verification=x", `p=${key}`], key), null);
  assert.match(dkimMismatch(name, [`v=DKIM1; p=${key}X`], key)!, /different public key/);
  assert.match(dkimMismatch(name, ["v=DKIM1; p="], key)!, /revoked/);
  assert.match(dkimMismatch(name, ["hello world"], key)!, /not a DKIM record/);
  assert.match(dkimMismatch(name, [`v=DKIM1; k=ed25519; p=${key}`], key)!, /different/);
});

Deno.test("the SPF include host is configurable and defaults to the relay's domain", () => {
  assert.equal(spfInclude(testConfig()), "_spf.localhost");
  assert.equal(
    spfInclude(testConfig({ SVC_RELAY_FROM: "bounce@relay.example.net" })),
    "_spf.relay.example.net",
  );
  assert.equal(
    spfInclude(testConfig({ SVC_SPF_INCLUDE: "spf.mailer.example" })),
    "spf.mailer.example",
  );
});

Deno.test("SVC_DNS_SERVER parses as ip:port, IPv6 in brackets", () => {
  assert.deepEqual(parseNameServer("127.0.0.1:5353"), { ipAddr: "127.0.0.1", port: 5353 });
  assert.deepEqual(parseNameServer("[::1]:53"), { ipAddr: "::1", port: 53 });
  assert.equal(parseNameServer(undefined), undefined);
});
