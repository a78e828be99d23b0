/**
 * `deno run -A spam_training/probes/forms_outside_check.ts [flags]`: the
 * outside-author probe (probes/forms_outside_author.ts) scored the way an outside check would score
 * it. The real service runs in-process on an in-memory KV (the app of
 * routes/app.ts, no socket); every probe site is a fresh site on an account
 * of its own; each row is POSTed to /api/v1/forms/submit with its visitor (IP,
 * user agent, referrer), in the probe's order, and the spam score is read back
 * as stored (GET /admin/api/v1/submissions/{id}). So the rules, hard evidence
 * (honeypots, bot agents, exact copies from other sites, near-duplicates from
 * several IPs or sites) and the judgement are the service's own. Beside it,
 * the model alone (scoreFormSubmission).
 *
 * Prints accuracy (spam = score 60+), false positives, recall, the 30-59 band
 * and a table per kind, for both. Flags: `--verbose` lists the rows on the
 * wrong side; `--cost` times the judgement of one submission (judgeForm
 * over the probe's rows, no KV; this thread's CPU time, and wall time): three
 * runs and their median; `--bare` posts the visitor's IP only (no user agent,
 * no referrer), a sensitivity run; `--one-site` sends every row to one fresh
 * site, each form posting its hidden fields empty (buildOutsideForms's variant), a
 * sensitivity run; `--overlap` prints how close the probe's
 * texts are to the training split's (word-bigram Jaccard, nearest item of the
 * same label) beside the held-out split's, numbers only; `--limit=N` scores
 * the first N rows only (the test).
 */
import { testConfig } from "../../domain/kernel/config.ts";
import { openCtx } from "../../domain/kernel/context.ts";
import { eagerMail } from "../../domain/mail/lazy_services.ts";
import { createLogger } from "../../domain/kernel/log.ts";
import { buildApp } from "../../routes/app.ts";
import { buildOutsideForms, type OutsideFormItem, SITES } from "./forms_outside_author.ts";
import { scoreFormSubmission } from "../../domain/spam/model/scorer.ts";
import { judgeForm } from "../../domain/spam/form_judge.ts";
import { submitterAddress } from "../../domain/forms/addresses.ts";
import { buildFormCorpus } from "../corpus/forms.ts";
import { splitOf } from "../corpus/split.ts";
import { comparableText } from "../../domain/spam/near_duplicates.ts";

export type Scored = {
  item: OutsideFormItem;
  /** The stored spam score (null: nothing stored, see `answer`). */
  score: number | null;
  model: number;
  reasons: string[];
  answer: string;
};

type Call = (method: string, path: string, body: unknown, key?: string) => Promise<
  { status: number; body: Record<string, unknown> }
>;

/**
 * Scores the probe's rows through a fresh in-process service. `bare`: the
 * visitor carries the IP only (no user agent, no referrer), as a client that
 * forwards nothing else would post.
 */
export async function scoreOutsideForms(items: OutsideFormItem[], bare = false): Promise<Scored[]> {
  const config = testConfig({ SVC_KV_PATH: ":memory:" });
  const ctx = await openCtx(config, { log: createLogger("error"), mail: eagerMail });
  const app = buildApp(ctx);
  const call: Call = async (method, path, body, key) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (key) headers["x-service-api-key"] = key;
    else headers.authorization = `Bearer ${config.adminToken}`;
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  };
  const admin = (method: string, path: string, body?: unknown) =>
    call(method, `/admin/api/v1${path}`, body);
  try {
    const keys = new Map<string, string>();
    for (const domain of new Set(items.map((i) => i.site))) {
      const a = await admin("POST", "/accounts", { name: domain });
      const s = await admin("POST", "/sites", {
        account_id: a.body.id,
        name: domain,
        domain,
        default_notify_email: `owner@${domain}`,
      });
      const k = await admin("POST", `/sites/${s.body.id}/api-keys`);
      if (k.status !== 201) throw new Error(`site ${domain}: ${s.status} ${k.status}`);
      keys.set(domain, k.body.api_key as string);
    }
    const out: Scored[] = [];
    for (const item of items) {
      const visitor = bare
        ? { ip: item.body.visitor.ip, user_agent: null, referrer: null }
        : item.body.visitor;
      const model = scoreFormSubmission({
        fields: item.body.fields,
        visitor,
        site: { domain: item.site },
      }).score;
      const body = { ...item.body, visitor };
      const r = await call("POST", "/api/v1/forms/submit", body, keys.get(item.site));
      if (r.status !== 200 || typeof r.body.id !== "string") {
        out.push({ item, score: null, model, reasons: [], answer: JSON.stringify(r.body) });
        continue;
      }
      const stored = await admin("GET", `/submissions/${r.body.id}`);
      const reasons = (stored.body.spam_reasons as { rule: string; points: number }[])
        .filter((x) => x.points).map((x) => x.rule);
      out.push({ item, score: stored.body.spam_score as number, model, reasons, answer: "stored" });
    }
    return out;
  } finally {
    await ctx.close();
  }
}

type Tally = { n: number; ok: number; band: number; scores: number[] };

/** The report: totals and a table per kind, for one score (service or model). */
export function report(title: string, rows: { item: OutsideFormItem; score: number }[]): string[] {
  let tp = 0, fp = 0, fn = 0, tn = 0, spamBand = 0, legitBand = 0;
  const kinds = new Map<string, Tally>();
  for (const { item, score } of rows) {
    const spam = item.label === "spam";
    const says = score >= 60;
    if (spam) says ? tp++ : fn++;
    else says ? fp++ : tn++;
    const band = score >= 30 && score < 60;
    if (band) spam ? spamBand++ : legitBand++;
    const key = `${item.label === "spam" ? "spam " : "legit"} ${item.kind}`;
    const t = kinds.get(key) ?? { n: 0, ok: 0, band: 0, scores: [] };
    t.n++;
    if (says === spam) t.ok++;
    if (band) t.band++;
    t.scores.push(score);
    kinds.set(key, t);
  }
  const n = tp + fp + fn + tn;
  const pct = (a: number, b: number) => (b ? `${(100 * a / b).toFixed(1)} %` : "-");
  const lines = [
    `${title}: ${n} rows (${tp + fn} spam, ${fp + tn} legitimate)`,
    `accuracy ${pct(tp + tn, n)}  false positives ${fp}/${fp + tn}  recall ${tp}/${tp + fn} (${
      pct(tp, tp + fn)
    })  30-59 band: ${spamBand} spam, ${legitBand} legitimate`,
    "",
    `${"kind".padEnd(34)} ${"n".padStart(3)} ${"ok".padStart(3)} ${"30-59".padStart(5)}  scores`,
  ];
  for (const [k, t] of [...kinds].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(
      `${k.padEnd(34)} ${String(t.n).padStart(3)} ${String(t.ok).padStart(3)} ${
        String(t.band).padStart(5)
      }  ${t.scores.join(" ")}`,
    );
  }
  return lines;
}

/** This thread's CPU time in µs (Linux: /proc/thread-self/stat, clock ticks of 10 ms); null elsewhere. */
function threadCpuUs(): number | null {
  try {
    const stat = Deno.readTextFileSync("/proc/thread-self/stat");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10_000; // utime + stime
  } catch {
    return null;
  }
}

/**
 * µs per submission of the judgement (rules, model, judge; no KV) over
 * `items`: CPU time of this thread (wall time where it cannot be read).
 */
export function judgeCost(
  items: OutsideFormItem[],
  passes: number,
): { cpu: number | null; wall: number } {
  const inputs = items.map((it) => ({
    fields: it.body.fields,
    visitor: it.body.visitor,
    submitterEmail: submitterAddress(it.body.fields),
    siteDomain: it.site,
    siteId: it.site,
    ip: it.body.visitor.ip,
    duplicateElsewhere: false,
    identities: [],
    memory: null,
  }));
  let sink = 0;
  const cpu0 = threadCpuUs();
  const t0 = performance.now();
  for (let p = 0; p < passes; p++) for (const i of inputs) sink += judgeForm(i).score;
  const n = passes * inputs.length;
  const wall = (performance.now() - t0) * 1000 / n;
  const cpu1 = threadCpuUs();
  return { cpu: cpu0 === null || cpu1 === null || sink < 0 ? null : (cpu1 - cpu0) / n, wall };
}

function bigrams(text: string): Set<string> {
  const w = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < w.length; i++) out.add(`${w[i]} ${w[i + 1]}`);
  return out;
}

const asStrings = (f: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v ?? "")]));

/**
 * Quartiles of each text's word-bigram Jaccard with its nearest train-split
 * item of the same label: the held-out split's and the probe's, per label.
 */
export function corpusOverlap(items: OutsideFormItem[]): string[] {
  const corpus = buildFormCorpus();
  const train = corpus.filter((i) => splitOf(i.family) === "train")
    .map((i) => ({ label: i.label, s: bigrams(comparableText(asStrings(i.input.fields))) }));
  const nearest = (s: Set<string>, label: string) => {
    let best = 0;
    for (const t of train) {
      if (t.label !== label || s.size === 0) continue;
      let inter = 0;
      for (const x of s) if (t.s.has(x)) inter++;
      best = Math.max(best, inter / (s.size + t.s.size - inter));
    }
    return best;
  };
  const quartiles = (a: number[]) => {
    const b = [...a].sort((x, y) => x - y);
    const at = (p: number) => b[Math.min(b.length - 1, Math.floor(p * b.length))].toFixed(2);
    return `p25 ${at(0.25)}  median ${at(0.5)}  p75 ${at(0.75)}  p90 ${at(0.9)}  (n ${b.length})`;
  };
  const lines: string[] = [];
  for (const label of ["spam", "legitimate"]) {
    const held = corpus.filter((i) => i.label === label && splitOf(i.family) === "heldout")
      .map((i) => nearest(bigrams(comparableText(asStrings(i.input.fields))), label));
    const probe = items.filter((i) => i.label === label)
      .map((i) => nearest(bigrams(comparableText(i.body.fields)), label));
    lines.push(`${label.padEnd(10)} held-out vs train: ${quartiles(held)}`);
    lines.push(`${label.padEnd(10)} outside  vs train: ${quartiles(probe)}`);
  }
  return lines;
}

if (import.meta.main) {
  const limit = Number(Deno.args.find((a) => a.startsWith("--limit="))?.slice(8) ?? Infinity);
  const one = Deno.args.includes("--one-site") ? SITES.den : null;
  const items = buildOutsideForms(one).slice(0, limit);
  const bare = Deno.args.includes("--bare");
  const scored = await scoreOutsideForms(items, bare);
  const tag = (bare ? " (visitor: IP only)" : "") + (one ? ` (all to ${one})` : "");
  const lost = scored.filter((s) => s.score === null);
  const kept = scored.filter((s) => s.score !== null) as (Scored & { score: number })[];
  console.log(report(`outside forms as forms/submit stores it${tag}`, kept).join("\n"));
  if (lost.length) {
    console.log(`\nnot stored (${lost.length}):`);
    for (const s of lost) console.log(`  ${s.item.id} ${s.item.kind}: ${s.answer}`);
  }
  console.log(
    "\n" + report(
      "outside forms, the model alone",
      scored.map((s) => ({
        item: s.item,
        score: s.model,
      })),
    ).join("\n"),
  );
  if (Deno.args.includes("--verbose")) {
    console.log("\nmissed spam (<60) and legitimate at 30+ (service score, model, rules):");
    for (const s of kept) {
      const spam = s.item.label === "spam";
      if ((spam && s.score < 60) || (!spam && s.score >= 30)) {
        console.log(
          `${String(s.score).padStart(3)} (model ${
            String(s.model).padStart(3)
          }) ${s.item.id} ${s.item.kind} ${s.item.shape} ${s.item.site}: ${s.reasons.join(", ")}`,
        );
      }
    }
  }
  if (Deno.args.includes("--overlap")) {
    console.log(
      "\nnearest train-split item, word-bigram Jaccard:\n" + corpusOverlap(items).join("\n"),
    );
  }
  if (Deno.args.includes("--cost")) {
    judgeCost(items, 20); // warm-up
    const runs = [0, 1, 2].map(() => judgeCost(items, 50));
    const show = (what: string, xs: number[]) =>
      `${what} ${xs.map((r) => r.toFixed(1)).join(", ")} µs, median ${
        [...xs].sort((a, b) => a - b)[1].toFixed(1)
      } µs`;
    const cpu = runs.map((r) => r.cpu).filter((x) => x !== null);
    console.log(
      `\njudgement per submission: ${
        cpu.length === 3 ? show("CPU (this thread)", cpu) + "; " : ""
      }${show("wall", runs.map((r) => r.wall))}`,
    );
  }
}
