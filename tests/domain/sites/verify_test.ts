import assert from "node:assert/strict";
import { hostMatchesDomain } from "../../../domain/sites/verify.ts";

Deno.test("a URL matches its domain and every subdomain of it", () => {
  for (
    const url of [
      "https://example.com",
      "https://example.com/contact?x=1",
      "http://www.example.com",
      "https://a.b.example.com/",
      "https://EXAMPLE.com",
      "https://Shop.Example.COM/path",
      "https://example.com:8443/",
      "https://example.com./",
      "http://www.example.com.:80/",
    ]
  ) assert.ok(hostMatchesDomain(url, "example.com"), url);
});

Deno.test("a look-alike or parent host does not match", () => {
  for (
    const url of [
      "https://evil-example.com",
      "https://example.com.evil.org",
      "https://notexample.com",
      "https://com",
      "https://example.co",
      "https://example.com@evil.org/",
      "not a url",
    ]
  ) assert.ok(!hostMatchesDomain(url, "example.com"), url);
});

Deno.test("the registered domain's case and trailing dot do not matter either", () => {
  assert.ok(hostMatchesDomain("https://www.example.com", "Example.COM."));
});
