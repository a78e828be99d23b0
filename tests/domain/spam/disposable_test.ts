import assert from "node:assert/strict";
import fc from "fast-check";
import {
  CompactStringSet,
  DISPOSABLE_DOMAINS,
  isDisposableAddress,
  isDisposableDomain,
} from "../../../domain/spam/disposable.ts";
import { isDisposableDomain as isDisposableHost } from "../../../domain/spam/model/domains.ts";

/** The package's list as the old code held it: the JSON, read here as a file. */
function packageList(): string[] {
  return JSON.parse(
    Deno.readTextFileSync(new URL(import.meta.resolve("disposable-email-domains/index.json"))),
  );
}

Deno.test("the compact disposable list answers like a Set of the package's list on every entry", () => {
  const list = packageList();
  const set = new Set(list.map((d) => d.toLowerCase()));
  assert.ok(list.length > 100_000);
  assert.equal(DISPOSABLE_DOMAINS.size, list.length);
  for (const d of set) assert.ok(DISPOSABLE_DOMAINS.has(d), d);
  // Near misses: one character more or less, a prefix, a neighbour's join.
  for (let i = 0; i < list.length; i++) {
    const d = list[i];
    for (const probe of [d + "x", d.slice(1), d.slice(0, -1), "x" + d, d + list[i + 1]]) {
      assert.equal(DISPOSABLE_DOMAINS.has(probe), set.has(probe), probe);
    }
  }
  for (const probe of ["", ".", "gmail.com", "gmaıl.net", "GMAIL.COM", "mailinator.com"]) {
    assert.equal(DISPOSABLE_DOMAINS.has(probe), set.has(probe), probe);
  }
});

Deno.test("a compact string set answers like a Set for any strings", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ maxLength: 12, unit: "binary" }), { maxLength: 60 }),
      fc.array(fc.string({ maxLength: 12, unit: "binary" }), { maxLength: 60 }),
      (entries, probes) => {
        const compact = new CompactStringSet(entries);
        const set = new Set(entries);
        for (const p of [...entries, ...probes]) assert.equal(compact.has(p), set.has(p));
        for (let i = 0; i + 1 < entries.length; i++) {
          const joined = entries[i] + entries[i + 1];
          assert.equal(compact.has(joined), set.has(joined));
        }
      },
    ),
  );
});

Deno.test("disposable domains, their subdomains and addresses are recognised as before", () => {
  assert.ok(isDisposableDomain("mailinator.com"));
  assert.ok(isDisposableDomain(" Sub.Mailinator.COM. "));
  assert.ok(isDisposableHost("x.y.mailinator.com"));
  assert.ok(isDisposableHost("gmaıl.net"));
  assert.ok(!isDisposableDomain("gmail.com"));
  assert.ok(!isDisposableHost("com"));
  assert.ok(isDisposableAddress("someone@sub.mailinator.com"));
  assert.ok(!isDisposableAddress("@mailinator.com"));
});

Deno.test("only domain/spam/disposable.ts loads the disposable list, and it reads it rather than importing it", async () => {
  const root = new URL("../../../", import.meta.url);
  const importers: string[] = [];
  for (const dir of ["domain", "routes", "workers"]) {
    for await (const f of walk(new URL(`${dir}/`, root))) {
      if (!f.endsWith(".ts")) continue;
      const text = await Deno.readTextFile(f);
      if (text.includes('"disposable-email-domains')) importers.push(f.slice(root.pathname.length));
    }
  }
  assert.deepEqual(importers, ["domain/spam/disposable.ts"]);
  // The static JSON import would keep the array and its source text in every isolate for good.
  const src = await Deno.readTextFile(new URL("domain/spam/disposable.ts", root));
  assert.ok(!/^import [^\n]*disposable-email-domains/m.test(src));
});

async function* walk(dir: URL): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const u = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory) yield* walk(u);
    else yield u.pathname;
  }
}
