/**
 * `deno run -A spam_training/probes/forms_literal_check.ts [--verbose] [--split=heldout]`:
 * the literal-forms probe (corpus/forms_literal.ts) through forms/submit's decision
 * (form_judge with the shipped weights), in the order written, with the
 * near-duplicate memory kept in a Map as KV keeps it (sightings per MinHash
 * band, one site per site domain, the row's IP), and no learned honeypots
 * (a fresh site). Prints accuracy, false positives and recall at 60, and a
 * table per kind. `--split=` limits it to the rows of one corpus split (after
 * the probe was folded into the corpus, only its held-out rows stay unseen).
 */
import { buildLiteralForms } from "../corpus/forms_literal.ts";
import { splitOf } from "../corpus/split.ts";
import { judgeForm } from "../../domain/spam/form_judge.ts";
import { nearDuplicateBands } from "../../domain/spam/near_duplicates.ts";
import type { Sighting } from "../../domain/spam/store.ts";
import { submitterAddress } from "../../domain/forms/addresses.ts";
import { scoreFormSubmission } from "../../domain/spam/model/scorer.ts";

const verbose = Deno.args.includes("--verbose");
const only = Deno.args.find((a) => a.startsWith("--split="))?.slice(8);

const bands = new Map<string, Sighting[]>();
type Row = { label: string; n: number; ok: number; susp: number; scores: number[] };
const rows = new Map<string, Row>();
let tp = 0, fp = 0, fn = 0, tn = 0, fp30 = 0;
const mistakes: string[] = [];
let at = 0;
for (const it of buildLiteralForms()) {
  if (only && splitOf(it.family) !== only) continue;
  const fields = Object.fromEntries(
    Object.entries(it.input.fields).map(([k, v]) => [k, String(v ?? "")]),
  );
  const keys = nearDuplicateBands(fields);
  const siteId = it.input.site.domain;
  at += 60_000;
  const r = judgeForm({
    fields,
    visitor: it.input.visitor ?? null,
    submitterEmail: submitterAddress(fields),
    siteDomain: it.input.site.domain,
    siteId,
    ip: it.ip,
    duplicateElsewhere: false,
    identities: [],
    memory: {
      sightings: keys.map((b) => bands.get(b) ?? []),
      marks: [],
      reporters: keys.map(() => []),
      fields: [],
    },
  });
  for (const b of keys) bands.set(b, [...(bands.get(b) ?? []), { ip: it.ip, site: siteId, at }]);
  const spam = it.label === "spam";
  const says = r.score >= 60;
  if (spam) says ? tp++ : fn++;
  else says ? fp++ : tn++;
  if (!spam && r.score >= 30) fp30++;
  const row = rows.get(it.kind) ?? { label: it.label, n: 0, ok: 0, susp: 0, scores: [] };
  row.n++;
  if (says === spam) row.ok++;
  if (r.score >= 30) row.susp++;
  row.scores.push(r.score);
  rows.set(it.kind, row);
  if ((spam && !says) || (!spam && r.score >= 30)) {
    const model = scoreFormSubmission(it.input).score;
    mistakes.push(
      `${String(r.score).padStart(3)} (model ${String(model).padStart(3)}) ${
        spam ? "SPAM " : "LEGIT"
      } ${it.id} ${splitOf(it.family)}: ${
        r.reasons.filter((x) => x.points).map((x) => x.rule).join(", ")
      }`,
    );
  }
}
const n = tp + fp + fn + tn;
const pct = (a: number, b: number) => (b ? `${(100 * a / b).toFixed(1)} %` : "-");
console.log(
  `literal forms${only ? ` (${only} rows)` : ""}: ${n} rows (${tp + fn} spam, ${
    fp + tn
  } legitimate)`,
);
console.log(
  `as forms/submit decides: accuracy ${pct(tp + tn, n)}  false positives ${fp}/${
    fp + tn
  }  recall ${tp}/${tp + fn} (${pct(tp, tp + fn)})  legitimate at 30+ ${fp30}`,
);
console.log(
  `\n${"kind".padEnd(28)} ${"label".padEnd(10)} ${"n".padStart(3)} ${"ok".padStart(3)} ${
    ">=30".padStart(4)
  }  scores`,
);
for (
  const [k, r] of [...rows].sort((a, b) =>
    a[1].label.localeCompare(b[1].label) || a[0].localeCompare(b[0])
  )
) {
  console.log(
    `${k.padEnd(28)} ${r.label.padEnd(10)} ${String(r.n).padStart(3)} ${String(r.ok).padStart(3)} ${
      String(r.susp).padStart(4)
    }  ${r.scores.join(" ")}`,
  );
}
if (verbose) console.log("\nmissed spam (<60) and legitimate at 30+:\n" + mistakes.join("\n"));
