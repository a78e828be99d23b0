import assert from "node:assert/strict";
import { buildFormCorpus } from "../../spam_training/corpus/forms.ts";
import { buildMailCorpus } from "../../spam_training/corpus/mail.ts";
import { splitOf } from "../../spam_training/corpus/split.ts";
import { trainModel } from "../../spam_training/training.ts";
import { CORPORA } from "../../spam_training/corpora.ts";

const FORM_KINDS_MIN = { spam: 40, legitimate: 30 };

Deno.test("form corpus: at least 1,500 items, 40 spam kinds, 30 legitimate kinds, the hard-case languages", () => {
  const items = buildFormCorpus();
  assert.ok(items.length >= 1500, `${items.length} items`);
  for (const label of ["spam", "legitimate"] as const) {
    const kinds = new Set(items.filter((i) => i.label === label).map((i) => i.kind));
    assert.ok(kinds.size >= FORM_KINDS_MIN[label], `${kinds.size} ${label} kinds`);
  }
  const legitLangs = new Set(items.filter((i) => i.label === "legitimate").map((i) => i.lang));
  for (const l of ["ar", "de", "es", "fr", "ja", "pl", "pt", "zh", "ru"]) {
    assert.ok(legitLangs.has(l as never), `no legitimate message in ${l}`);
  }
  assert.equal(new Set(items.map((i) => i.id)).size, items.length, "ids are unique");
});

Deno.test("mail corpus: at least 600 items with newsletters, receipts, password resets and phishing", () => {
  const items = buildMailCorpus();
  assert.ok(items.length >= 600, `${items.length} items`);
  const kinds = new Set(items.map((i) => i.kind));
  for (
    const k of [
      "newsletter_company",
      "order_confirmation",
      "password_reset",
      "phishing_bank",
      "advance_fee",
    ]
  ) {
    assert.ok(kinds.has(k), k);
  }
  const tracked = items.filter((i) =>
    i.kind === "newsletter_company" &&
    /list-manage|ls\/click|utm_source|\/c\//.test(i.input.html ?? "") &&
    /unsubscribe/i.test(i.input.html ?? "")
  );
  assert.ok(tracked.length > 5, "newsletters carry tracked and unsubscribe links");
});

Deno.test("corpora are built the same way every time", () => {
  assert.deepEqual(buildFormCorpus().slice(0, 50), buildFormCorpus().slice(0, 50));
  assert.deepEqual(buildMailCorpus().slice(-50), buildMailCorpus().slice(-50));
});

Deno.test("the split goes by family: every filling of one text is in one split, about 70/10/20", () => {
  const items = buildFormCorpus();
  const byFamily = new Map<string, Set<string>>();
  for (const it of items) {
    const s = byFamily.get(it.family) ?? new Set();
    s.add(splitOf(it.family));
    byFamily.set(it.family, s);
  }
  for (const [f, s] of byFamily) assert.equal(s.size, 1, f);
  const held = items.filter((i) => splitOf(i.family) === "heldout").length / items.length;
  assert.ok(held > 0.12 && held < 0.28, `held-out share ${held}`);
});

for (const c of CORPORA) {
  Deno.test(`${c.model} weights: the committed file is what spam:train produces, and training twice gives the same weights`, async () => {
    const items = c.items();
    const aux = c.auxiliary ? c.auxiliary() : null;
    const a = trainModel(c.model, items, c.split, c.extract, c.train, aux).file;
    const b = trainModel(c.model, items, c.split, c.extract, c.train, aux).file;
    assert.deepEqual(a, b);
    const committed = JSON.parse(await Deno.readTextFile(c.path));
    assert.equal(
      committed.data,
      a.data,
      "weights differ from a fresh training: run deno task spam:train",
    );
    assert.equal(committed.bias, a.bias);
    assert.deepEqual(committed.platt, a.platt);
  });

  Deno.test(`${c.model} weights file is under 1 MB`, async () => {
    const size = (await Deno.stat(c.path)).size;
    assert.ok(size < 1_000_000, `${size} bytes`);
  });
}
