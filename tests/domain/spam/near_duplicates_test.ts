import assert from "node:assert/strict";
import fc from "fast-check";
import {
  comparableText,
  withoutSite,
  withoutSiteReference,
} from "../../../domain/spam/near_duplicates.ts";

const DOMAINS = ["bakery.example", "www.bakery.co.uk", "shop12.example.com", "ab.io", "k-s.org"];
// Pieces that sit at the pattern's edges: schemes, "www.", dots, hyphens, letters of
// other scripts, the two non-ASCII characters that fold to ASCII letters (U+017F,
// U+212A), a combining mark that folds to a letter (U+0345), digits, an astral letter.
const PIECES = [
  "bakery",
  "BAKERY",
  "baſery",
  "bakery.example",
  "bakery.co.uk",
  "Bakery.Co.UK",
  "shop12",
  "shop12.example.com",
  "\u212a-s.org",
  "k-s.org",
  "ab.io",
  "https://",
  "http://",
  "HTTPS://",
  "www.",
  "WWW.",
  ".",
  "-",
  "/",
  " ",
  "\n",
  "é",
  "\u0345",
  "9",
  "x",
  "\u{1d400}",
  "ſhop12",
  "example",
  "com",
  "co",
  "uk",
];

Deno.test("near-duplicate text: the site's names found without a pattern per site match the pattern exactly", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...DOMAINS),
      fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), {
        maxLength: 14,
      }),
      (domain, parts) => {
        const text = parts.join("");
        assert.equal(withoutSite(text, domain), withoutSiteReference(text, domain), text);
      },
    ),
    { numRuns: 20_000 },
  );
  for (
    const [text, domain, want] of [
      ["visit https://www.bakery.example today", "bakery.example", "visit thesite today"],
      ["a video audit of bakery.example.", "bakery.example", "a video audit of thesite."],
      ["bakery.company and bakery-shop", "bakery.co.uk", "thesite.company and bakery-shop"],
      ["xbakery.co.uk .bakery.co.uk", "bakery.co.uk", "xbakery.co.uk .bakery.co.uk"],
      ["BAKERY's cakes", "www.bakery.co.uk", "thesite's cakes"],
    ]
  ) assert.equal(withoutSite(text, domain), want);
});

Deno.test("near-duplicate text of many sites' submissions compiles no pattern per site", () => {
  const Native = globalThis.RegExp;
  let made = 0;
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args) {
      made++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      made++;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    for (let i = 0; i < 200; i++) {
      comparableText(
        {
          message: `Hello shop${i}, I saw https://www.shop${i}.example.com and liked it`,
          name: "A",
        },
        `shop${i}.example.com`,
      );
    }
  } finally {
    globalThis.RegExp = Native;
  }
  assert.equal(made, 0);
});
