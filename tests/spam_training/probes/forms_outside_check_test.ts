import assert from "node:assert/strict";
import { buildOutsideForms } from "../../../spam_training/probes/forms_outside_author.ts";
import {
  corpusOverlap,
  judgeCost,
  report,
  scoreOutsideForms,
} from "../../../spam_training/probes/forms_outside_check.ts";

Deno.test("the outside-author probe holds 120 spam and 120 legitimate submissions from 240 IPs", () => {
  const items = buildOutsideForms();
  assert.equal(items.filter((i) => i.label === "spam").length, 120);
  assert.equal(items.filter((i) => i.label === "legitimate").length, 120);
  assert.equal(new Set(items.map((i) => i.body.visitor.ip)).size, 240);
  assert.equal(new Set(items.map((i) => i.id)).size, 240);
  for (const i of items) assert.ok(!JSON.stringify(i.body).includes("{domain}"), i.id);
  // The one-site variant: same rows, one site, each form's hidden fields posted empty by customers.
  const one = buildOutsideForms("example.com");
  assert.equal(one.length, 240);
  assert.deepEqual([...new Set(one.map((i) => i.site))], ["example.com"]);
  const cf7Legit = one.filter((i) => i.label === "legitimate" && i.shape === "cf7");
  assert.ok(cf7Legit.every((i) => i.body.fields["your-fax"] === ""));
  assert.ok(items.every((i) => !("your-fax" in i.body.fields) || i.label === "spam"));
});

Deno.test("the probe tool scores rows through forms/submit as stored, beside the model alone", async () => {
  const all = buildOutsideForms();
  // A few rows, and one campaign sent to one site from several IPs.
  const items = [...all.slice(0, 4), ...all.filter((i) => i.kind === "near_dup_one_site")];
  const scored = await scoreOutsideForms(items);
  assert.equal(scored.length, items.length);
  for (const s of scored) {
    assert.equal(s.answer, "stored", s.item.id);
    assert.ok(s.score !== null && s.score >= 0 && s.score <= 100, s.item.id);
    assert.ok(s.model >= 0 && s.model <= 100, s.item.id);
  }
  const lines = report("outside forms", scored.map((s) => ({ item: s.item, score: s.score ?? 0 })));
  assert.match(lines[1], /^accuracy .* false positives \d+\/\d+ +recall \d+\/\d+/);
  assert.ok(lines.some((l) => l.startsWith("spam  near_dup_one_site")));
  assert.ok(judgeCost(items, 1).wall > 0);
  assert.equal(corpusOverlap(items).length, 4);
  // The sensitivity run: the visitor's IP only.
  for (const s of await scoreOutsideForms(items.slice(0, 2), true)) {
    assert.equal(s.answer, "stored");
  }
});

Deno.test("the probe tool runs from the command line and prints both reports", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "spam_training/probes/forms_outside_check.ts", "--limit=3"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  assert.match(text, /outside forms as forms\/submit stores it: 3 rows/);
  assert.match(text, /outside forms, the model alone: 3 rows/);
});
