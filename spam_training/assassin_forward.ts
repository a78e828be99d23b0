/**
 * The forward-in-time check of the mail model on the allowed SpamAssassin
 * groups: each group ordered by its messages' Date header, the older two
 * thirds (with the project's corpus) trained and calibrated exactly as
 * `spam:train` does (Platt on the calibration split, the intercept rule),
 * the newer third scored as mail/send decides. Cross-validation mixes every
 * month of 2002 into every fold; this check only ever sees the past, as the
 * shipped model will, so it is the honest proxy for next year's mail. Still
 * only the allowed part: the reserved groups are never read here.
 */
import { HashedModel } from "../domain/spam/model/model.ts";
import { trainModel } from "./training.ts";
import { ASSASSIN, type AssassinItem, type CorpusSpec, mailSplitOf } from "./corpora.ts";
import { type OutOfFold, type Tally, tallyByKind } from "./assassin_cv.ts";

/** The share of each group, oldest first, that trains (the rest is scored). */
export const FORWARD_TRAIN_SHARE = 2 / 3;
/** Dates outside these years are a forged or broken header (spam sets them at will). */
const PLAUSIBLE_FROM = Date.UTC(1995, 0, 1);
const PLAUSIBLE_TO = Date.UTC(2004, 0, 1);

export type ForwardSplit = {
  older: AssassinItem[];
  newer: AssassinItem[];
  /** Items without a plausible Date header, placed after their predecessor in file order. */
  fellBack: number;
  /** Per group: the newest date trained on and the first scored (ISO dates). */
  cut: Map<string, { lastTrained: string; firstScored: string }>;
};

/** Each group by date (an undated file keeps its place after the file before it), split 2/3 : 1/3. */
export function forwardSplit(items: AssassinItem[]): ForwardSplit {
  const byKind = new Map<string, AssassinItem[]>();
  for (const it of items) byKind.set(it.kind, [...(byKind.get(it.kind) ?? []), it]);
  const out: ForwardSplit = { older: [], newer: [], fellBack: 0, cut: new Map() };
  for (const [kind, group] of [...byKind].sort(([a], [b]) => (a < b ? -1 : 1))) {
    group.sort((a, b) => a.position - b.position);
    let key = -Infinity;
    const keyed = group.map((it) => {
      const ok = it.date !== null && it.date >= PLAUSIBLE_FROM && it.date < PLAUSIBLE_TO;
      if (ok) key = it.date!;
      else out.fellBack++;
      return { it, key, ok };
    });
    // Stable: equal keys (an undated file and the file before it) keep file order.
    keyed.sort((a, b) => a.key - b.key);
    const n = Math.round(keyed.length * FORWARD_TRAIN_SHARE);
    out.older.push(...keyed.slice(0, n).map((k) => k.it));
    out.newer.push(...keyed.slice(n).map((k) => k.it));
    const iso = (k: number) => (Number.isFinite(k) ? new Date(k).toISOString().slice(0, 10) : "-");
    out.cut.set(kind, { lastTrained: iso(keyed[n - 1].key), firstScored: iso(keyed[n].key) });
  }
  return out;
}

export type ForwardResult = { split: ForwardSplit; tally: Map<string, Tally> };

/** Trains on the team's corpus and the older part, scores the newer part (`facts`: checks 11 and 12's other inputs). */
export function forwardCheck(
  c: CorpusSpec,
  assassin: AssassinItem[],
  facts: (id: string) => { content: number; signals: number },
): ForwardResult {
  const split = forwardSplit(assassin);
  const team = c.items().filter((it) => !it.kind.startsWith(ASSASSIN));
  const older = new Set(split.older.map((it) => it.family));
  const { file } = trainModel(
    "mail",
    [...team, ...split.older] as typeof team,
    // The team's corpus as shipped (its held-out split aside); the older files
    // train and calibrate as all allowed files do in spam:train.
    (family) =>
      family.startsWith(ASSASSIN)
        ? (older.has(family) ? c.split(family) : "heldout")
        : mailSplitOf(family),
    c.extract,
    c.train,
    c.auxiliary ? c.auxiliary() : null,
  );
  const model = new HashedModel(file, c.extract);
  const scored: OutOfFold[] = split.newer.map((it) => ({
    id: it.id,
    kind: it.kind,
    label: it.label === "spam" ? 1 : 0,
    margin: model.margin(it.input),
  }));
  return { split, tally: tallyByKind(scored, file.platt, facts) };
}
