import assert from "node:assert/strict";
import { parseVisitorIp } from "../../../domain/kernel/ip.ts";

Deno.test("visitor IPs: IPv4-mapped IPv6 is the IPv4 address", () => {
  for (const s of ["203.0.113.5", "::ffff:203.0.113.5", "::FFFF:cb00:7105", " 203.0.113.5 "]) {
    assert.deepEqual(parseVisitorIp(s), {
      address: "203.0.113.5",
      key: "203.0.113.5",
      blockKeys: ["203.0.113.5"],
    }, s);
  }
});

Deno.test("visitor IPs: IPv6 is counted per /64, blocks match the address or its /64", () => {
  assert.deepEqual(parseVisitorIp("2001:DB8:0:0:1::1"), {
    address: "2001:db8::1:0:0:1",
    key: "2001:db8::/64",
    blockKeys: ["2001:db8::1:0:0:1", "2001:db8::/64"],
  });
  assert.equal(parseVisitorIp("[2001:db8:a:b::9]")?.key, "2001:db8:a:b::/64");
  assert.equal(parseVisitorIp("fe80::1%eth0")?.address, "fe80::1");
});

Deno.test("visitor IPs: values that are not addresses give no key", () => {
  for (const s of ["", "unknown", "1", "0x7f.1", "999.1.1.1", "example.com", null, undefined]) {
    assert.equal(parseVisitorIp(s), null, String(s));
  }
});
