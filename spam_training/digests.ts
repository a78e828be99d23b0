/**
 * Digests of what every scorer extracts from every corpus item, per kind: the
 * pin that lets the scoring code be made cheaper without changing any score
 * (tests/domain/spam/scoring_identity_test.ts). They depend on the feature
 * and rule code and on the corpus, not on the weights.
 *
 *   deno run -A spam_training/digests.ts           # compare with the committed file
 *   deno run -A spam_training/digests.ts --write   # after a change that is meant to move features
 *
 * Per item: the multiset of (group, bucket) features of its model (sorted, so
 * that emission order may change), the rules' result (forms: form_score.ts;
 * mail: check 11's content rules and check 12's phishing signals) and, for
 * forms, the near-duplicate band keys.
 */
import { buildFormCorpus } from "./corpus/forms.ts";
import { buildMailCorpus, type MailItem } from "./corpus/mail.ts";
import { MAIL_NEWSLETTERS_PROBE } from "./probes/mail_newsletters.ts";
import { BuiltinClassifier } from "../domain/spam/classifier.ts";
import { scoreSubmission } from "../domain/spam/form_score.ts";
import { scoreContent } from "../domain/spam/mail_score.ts";
import { nearDuplicateBands } from "../domain/spam/near_duplicates.ts";
import { formFeatures, type FormSubmission } from "../domain/spam/model/form_features.ts";
import { bucket, fnv } from "../domain/spam/model/hashing.ts";
import { type EmailMessage, mailFeatures } from "../domain/spam/model/mail_features.ts";
import type { FeatureSink } from "../domain/spam/model/vector.ts";
import { probeItems } from "./probes/mail_check.ts";

export const DIGESTS_PATH = new URL(
  "../tests/domain/spam/scoring_digests.json",
  import.meta.url,
);

/** Every feature as emitted: group and bucket, in order. */
export class RecordSink implements FeatureSink {
  readonly groups: number[] = [];
  readonly buckets: number[] = [];
  str(group: number, seed: number, s: string, tail = "", tail2 = ""): void {
    // The whole name, built: the streaming sink's hashing by parts is checked against it.
    this.groups.push(group);
    this.buckets.push(bucket(fnv(s + tail + tail2, seed)));
  }
  raw(group: number, h: number): void {
    this.groups.push(group);
    this.buckets.push(bucket(h));
  }
  /** Sorted "group:bucket" multiset. */
  multiset(): string {
    return this.groups.map((g, i) => g * 1_000_000 + this.buckets[i]).sort((a, b) => a - b)
      .join(",");
  }
}

export function formRecord(f: FormSubmission): string {
  const sink = new RecordSink();
  formFeatures(sink, f);
  const fields = f.fields as Record<string, string>;
  const rules = scoreSubmission({
    fields,
    visitor: f.visitor ?? null,
    submitterEmail: null,
    siteDomain: f.site?.domain ?? "example.com",
    duplicateElsewhere: false,
  });
  return sink.multiset() + "|" + JSON.stringify(rules) + "|" +
    JSON.stringify(nearDuplicateBands(fields));
}

const builtin = new BuiltinClassifier();

export function mailRecord(m: EmailMessage): string {
  const sink = new RecordSink();
  mailFeatures(sink, m);
  const text = m.text ?? "";
  // The verdict's detail is "model N, signal, signal": keep the signals only.
  const detail = builtin.classifySync({
    from: "",
    to: "",
    subject: m.subject,
    text,
    html: m.html ?? null,
  }).detail ?? "";
  return sink.multiset() + "|" + JSON.stringify(scoreContent(m.subject, text)) + "|" +
    detail.split(", ").slice(1).join(",");
}

/** Inputs the corpus lacks: long, mixed-script, disguised and hostile-looking texts. */
export function edgeForms(): FormSubmission[] {
  const long = "Wir möchten gern einen Tisch für 8 Personen reservieren. ".repeat(120);
  return [
    { fields: { "your-message": "pаypal аccount vеrify at http://xn--pypal-4ve.com now" } },
    { fields: { "your-message": long, "your-name": "ΑΒΓ Δέλτα", "your-email": "a@b.de" } },
    { fields: { message: "我们是专业的SEO公司 http://seo.cn/abc 请联系 微信 12345" } },
    {
      fields: { message: "ＦＵＬＬ　ＷＩＤＴＨ text ﬁne 𝐁𝐨𝐥𝐝 😀🎉 $100 50 % {Hi|Hello} {{name}}" },
    },
    { fields: { message: "AbCdEfGhIj QWERTYUIOP asdfgh dfgdfgdfg mcdonald a.a.a.a.a/x" } },
    { fields: { message: "<script>alert(1)</script> [url=http://x.ru]x[/url] ' or '1'='1" } },
    { fields: { name: "JOHN SMITH", message: "WHERE IS MY ORDER??? I PAID ALREADY!!!" } },
    { fields: { message: "x".repeat(9000) + " https://example.com/" + "a-".repeat(3000) } },
  ];
}

export function edgeMails(): EmailMessage[] {
  return [
    {
      subject: "Your PayPal account is suspended",
      text: "Verify your аccount within 24 hours: http://192.168.1.1/login user@evil.com",
      html:
        '<p>Go to <a href="http://evil.example/x">www.paypal.com</a> or <a href="mailto:a@b.c">unsubscribe</a></p><img src="x.gif" width="1" height="1">',
    },
    { subject: "", text: "> quoted\n> more\nOn Mon, Ann wrote:\n-- \nsig\n".repeat(30) },
    { subject: "Re: 会议", text: "请查收附件。\nhttps://example.cn/a?utm_source=x", html: null },
    { subject: "Ｓａｌｅ!!! 50% off", html: "<table><tr><td><font>BUY</font></td></tr></table>" },
    { subject: "w", text: "a".repeat(120_000) },
  ];
}

/** Digest per kind ("forms/<kind>", "mail/<kind>", "mail-probe4b/<kind>", "edge/..."). */
export function computeDigests(): Record<string, string> {
  const acc = new Map<string, number>();
  const add = (key: string, record: string) => acc.set(key, fnv(record, acc.get(key)));
  for (const it of buildFormCorpus()) add("forms/" + it.kind, it.id + "\n" + formRecord(it.input));
  const mail = (prefix: string, items: MailItem[]) => {
    for (const it of items) add(prefix + it.kind, it.id + "\n" + mailRecord(it.input));
  };
  mail("mail/", buildMailCorpus());
  mail("mail-probe4b/", probeItems(MAIL_NEWSLETTERS_PROBE));
  edgeForms().forEach((f, i) => add("edge/forms", i + "\n" + formRecord(f)));
  edgeMails().forEach((m, i) => add("edge/mail", i + "\n" + mailRecord(m)));
  const out: Record<string, string> = {};
  for (const k of [...acc.keys()].sort()) out[k] = acc.get(k)!.toString(16).padStart(8, "0");
  return out;
}

if (import.meta.main) {
  const now = computeDigests();
  if (Deno.args.includes("--write")) {
    // Two spaces, as deno fmt leaves a JSON file (fmt --check runs in deno task ok).
    await Deno.writeTextFile(DIGESTS_PATH, JSON.stringify(now, null, 2) + "\n");
    console.log(`wrote ${Object.keys(now).length} digests`);
  } else {
    const old = JSON.parse(await Deno.readTextFile(DIGESTS_PATH)) as Record<string, string>;
    const keys = new Set([...Object.keys(old), ...Object.keys(now)]);
    const moved = [...keys].filter((k) => old[k] !== now[k]);
    console.log(moved.length ? `changed: ${moved.join(", ")}` : `all ${keys.size} digests equal`);
  }
}
