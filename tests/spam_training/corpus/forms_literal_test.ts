/**
 * The literal-forms probe (spam_training/corpus/forms_literal*.ts): its shape,
 * as an outside check is shaped, and how it was folded into the corpus.
 */
import assert from "node:assert/strict";
import { buildLiteralForms } from "../../../spam_training/corpus/forms_literal.ts";
import { buildFormCorpus } from "../../../spam_training/corpus/forms.ts";

Deno.test("the probe has at least 120 spam and 120 legitimate rows in the plugins' field shapes", () => {
  const rows = buildLiteralForms();
  assert.ok(rows.filter((r) => r.label === "spam").length >= 120);
  assert.ok(rows.filter((r) => r.label === "legitimate").length >= 120);
  const keys = new Set(rows.flatMap((r) => Object.keys(r.input.fields)));
  for (
    const k of ["your-message", "wpforms[fields][3]", "input_4", "form_fields[message]", "message"]
  ) {
    assert.ok(keys.has(k), k);
  }
  for (const l of ["ar", "de", "es", "fr", "ja", "pl", "pt", "zh", "ru"]) {
    assert.ok(rows.some((r) => r.label === "legitimate" && r.lang === l), l);
  }
  assert.equal(new Set(rows.map((r) => r.family)).size, rows.length, "one family per row");
});

Deno.test("the probe is in the corpus, one family per row, without its honeypot rows and repeated copies", () => {
  const probe = buildFormCorpus().filter((i) => i.family.startsWith("probe4/"));
  const rows = buildLiteralForms();
  const honeypots = rows.filter((r) => r.kind === "honeypot_unknown").length;
  const copies = rows.filter((r) => r.kind === "same_message_many_ips").length - 1;
  assert.equal(probe.length, rows.length - honeypots - copies);
  assert.ok(!probe.some((i) => i.kind.startsWith("lang_") || i.kind === "honeypot_unknown"));
});
