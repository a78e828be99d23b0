import assert from "node:assert/strict";
import { redirectAllowed } from "../../../domain/forms/endpoints.ts";
import { sanitizeFileName } from "../../../domain/forms/uploads.ts";

Deno.test("redirects stay on the site's domain and its subdomains", () => {
  for (
    const url of [
      "https://example.com/thanks",
      "http://example.com",
      "https://www.example.com/a?b=c#d",
      "https://deep.sub.example.com/",
      "https://EXAMPLE.com./x",
      "https://example.com:8443/x",
    ]
  ) assert.ok(redirectAllowed(url, "example.com"), url);
});

Deno.test("no open redirect: other hosts, look-alikes, credentials and other schemes are refused", () => {
  for (
    const url of [
      "https://evil.com/",
      "https://example.com.evil.com/",
      "https://evilexample.com/",
      "https://example.com@evil.com/",
      "https://user:pw@example.com/",
      "//evil.com/",
      "/relative",
      "javascript:alert(1)//example.com",
      "data:text/html,example.com",
      "ftp://example.com/",
      "https://example.co/",
      "https://xn--exmple-cua.com/",
      "",
      "not a url",
    ]
  ) assert.ok(!redirectAllowed(url, "example.com"), url);
});

Deno.test("a site registered as a public suffix may redirect only to that exact host", () => {
  assert.ok(redirectAllowed("https://github.io/x", "github.io"));
  assert.ok(!redirectAllowed("https://someone-else.github.io/", "github.io"));
  // A site on one tenant's subdomain of a shared host owns its own subdomains.
  assert.ok(redirectAllowed("https://a.me.github.io/", "me.github.io"));
  assert.ok(!redirectAllowed("https://other.github.io/", "me.github.io"));
});

Deno.test("an internationalised site domain matches its punycode spelling", () => {
  assert.ok(redirectAllowed("https://www.bücher.de/danke", "bücher.de"));
  assert.ok(redirectAllowed("https://xn--bcher-kva.de/", "bücher.de"));
});

Deno.test("file names are sanitised: no paths, quotes, controls or leading dots; the extension kept", () => {
  assert.equal(sanitizeFileName("../../etc/passwd"), "passwd");
  assert.equal(sanitizeFileName("C:\\Users\\ann\\cv.pdf"), "cv.pdf");
  assert.equal(sanitizeFileName('a"b;c\r\nd.txt'), "a_b_c_d.txt");
  assert.equal(sanitizeFileName(".htaccess"), "htaccess");
  assert.equal(sanitizeFileName(""), "file");
  assert.equal(sanitizeFileName("..."), "file");
  assert.equal(sanitizeFileName("Prüfung (1).pdf"), "Prüfung (1).pdf");
  const long = sanitizeFileName("x".repeat(300) + ".jpeg");
  assert.equal([...long].length, 100);
  assert.ok(long.endsWith(".jpeg"));
});
