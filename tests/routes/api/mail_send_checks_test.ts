/**
 * POST /mail/send: the ordered checks 1 to 14 (each code, its HTTP status and
 * envelope, and which one answers when two fail), and the limits at and one
 * past each boundary. Mail goes to the outbox transport here; the SMTP tests
 * check the message as a server receives it.
 */
import assert from "node:assert/strict";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { addSuppression, addUnsubscribe } from "../../../domain/suppressions/store.ts";
import { addTotal } from "../../../domain/kernel/kv/counters.ts";
import { commit } from "../../../domain/kernel/kv/kv.ts";
import { RATE_LIMIT } from "../../../domain/mail/reservation.ts";
import { MAX_ATTACHMENT_BYTES } from "../../../domain/mail/attachments.ts";
import {
  type Seeded,
  seedSite,
  startTestService,
  type TestService,
} from "../../helpers/service.ts";
import { addVerifiedDomain, base64OfSize, disableSite, siteEvents } from "../../helpers/mail.ts";

const SPAM = {
  subject: "WIN NOW!!! FREE CASINO",
  text:
    "Buy viagra and cialis online, 100% free casino bonus, act now, click here: http://1.2.3.4/x",
};
// Phishing that word scoring lets through but the classifier catches.
const PHISH = {
  subject: "Security notice",
  html: "<p>Your PayPal account has been suspended. Please verify your account password " +
    'within 24 hours at <a href="http://paypa1-secure.example.net/login">www.paypal.com</a>.</p>',
};

async function withService(
  fn: (svc: TestService, s: Seeded) => Promise<void>,
  opts: { clock?: ManualClock; account?: Record<string, unknown> } = {},
) {
  const svc = await startTestService({ clock: opts.clock, runJobs: false });
  try {
    await fn(svc, await seedSite(svc, { account: opts.account }));
  } finally {
    await svc.close();
  }
}

const send = (svc: TestService, key: string, body: unknown) =>
  svc.api("POST", "mail/send", { key, body });

function assertError(
  r: { status: number; body: Record<string, unknown> },
  status: number,
  code: string,
) {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.ok, false);
  assert.equal(r.body.sent, false);
  assert.equal(r.body.reason, code);
  if (code !== "send_failed") assert.equal(r.body.error, code);
}

const ok = { to: "ann@example.com", subject: "Hello", text: "Hi there" };

// --- 1 to 4 ---------------------------------------------------------------------

Deno.test("1: no key answers 401 missing_api_key in the mail envelope, before bad JSON", async () => {
  await withService(async (svc) => {
    const r = await svc.api("POST", "mail/send", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    assertError(r, 401, "missing_api_key");
  });
});

Deno.test("2: an unknown key answers 401 invalid_api_key", async () => {
  await withService(async (svc) => {
    assertError(await send(svc, "svc_live_nope", ok), 401, "invalid_api_key");
  });
});

Deno.test("3: a disabled site answers 403 site_disabled, before invalid JSON", async () => {
  await withService(async (svc, s) => {
    await disableSite(svc, s.siteId);
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    assertError(r, 403, "site_disabled");
  });
});

Deno.test("4: bad JSON or a non-JSON content type answers 400 invalid_json", async () => {
  await withService(async (svc, s) => {
    const bad = await svc.api("POST", "mail/send", {
      key: s.key,
      raw: '{"to": ',
      headers: { "content-type": "application/json" },
    });
    assertError(bad, 400, "invalid_json");
    const form = await svc.api("POST", "mail/send", {
      key: s.key,
      raw: JSON.stringify(ok),
      headers: { "content-type": "text/plain" },
    });
    assertError(form, 400, "invalid_json");
  });
});

// --- 5 invalid_payload and the limits ----------------------------------------------

const addr = (n: number) => `${"a".repeat(n - "@example.com".length)}@example.com`;
// An address item of n characters: an address alone is at most 254 bytes with a
// 64-byte local part (RFC 5321), so the spec's 320 is reached with a display name.
const item = (n: number) => `"${"n".repeat(n - '"" <a@example.com>'.length)}" <a@example.com>`;
const many = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.com`);

Deno.test("5: from as a plain string is invalid_payload with details naming from", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, { ...ok, from: "me@example.com" });
    assertError(r, 400, "invalid_payload");
    const details = r.body.details as { field: string }[];
    assert.ok(details.some((d) => d.field === "from"), JSON.stringify(details));
  });
});

Deno.test("5: limits pass at the boundary and fail one past it", async () => {
  await withService(async (svc, s) => {
    // Each case: [field description, body at the limit, body one past it].
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ["to count", { to: many(50) }, { to: many(51) }],
      ["cc count", { cc: many(50) }, { cc: many(51) }],
      ["bcc count", { bcc: many(50) }, { bcc: many(51) }],
      ["reply_to count", { reply_to: many(50) }, { reply_to: many(51) }],
      ["address length", { to: item(320) }, { to: item(321) }],
      ["reply_to length", { reply_to: item(320) }, { reply_to: item(321) }],
      ["original_from length", { original_from: item(320) }, { original_from: item(321) }],
      ["subject", { subject: "s".repeat(500) }, { subject: "s".repeat(501) }],
      ["html", { html: "h".repeat(500_000) }, { html: "h".repeat(500_001) }],
      ["text", { text: "t".repeat(500_000) }, { text: "t".repeat(500_001) }],
      ["from.name", { from: { name: "n".repeat(200) } }, { from: { name: "n".repeat(201) } }],
      ["from.address", { from: { address: addr(320) } }, { from: { address: addr(321) } }],
      ["header name", { headers: { ["X" + "n".repeat(119)]: "v" } }, {
        headers: { ["X" + "n".repeat(120)]: "v" },
      }],
      ["header value", { headers: { "X-A": "v".repeat(2000) } }, {
        headers: { "X-A": "v".repeat(2001) },
      }],
      ["source_plugin", { source_plugin: "p".repeat(120) }, { source_plugin: "p".repeat(121) }],
      ["data key", { data: { ["k".repeat(64)]: 1 } }, { data: { ["k".repeat(65)]: 1 } }],
      ["attachments count", {
        attachments: Array.from({ length: 20 }, (_, i) => ({ filename: `f${i}.txt`, content: "" })),
      }, {
        attachments: Array.from({ length: 21 }, (_, i) => ({ filename: `f${i}.txt`, content: "" })),
      }],
      ["filename", { attachments: [{ filename: "f".repeat(255), content: "" }] }, {
        attachments: [{ filename: "f".repeat(256), content: "" }],
      }],
      ["content_type", {
        attachments: [{ filename: "a", content: "", content_type: "t".repeat(200) }],
      }, { attachments: [{ filename: "a", content: "", content_type: "t".repeat(201) }] }],
      ["content_id", {
        attachments: [{ filename: "a", content: "", content_id: "c".repeat(200) }],
      }, { attachments: [{ filename: "a", content: "", content_id: "c".repeat(201) }] }],
    ];
    for (const [what, atLimit, past] of cases) {
      const a = await send(svc, s.key, { ...ok, ...atLimit });
      assert.equal(a.status, 200, `${what} at the limit: ${a.text.slice(0, 300)}`);
      assert.equal(a.body.sent, true, what);
      const b = await send(svc, s.key, { ...ok, ...past });
      assertError(b, 400, "invalid_payload");
    }
    // template: 120 characters is a valid length (then template_not_found), 121 is not.
    assertError(
      await send(svc, s.key, { ...ok, template: "t".repeat(120) }),
      400,
      "template_not_found",
    );
    assertError(
      await send(svc, s.key, { ...ok, template: "t".repeat(121) }),
      400,
      "invalid_payload",
    );
  });
});

Deno.test("5: wrong types, bad addresses and header injection are invalid_payload", async () => {
  await withService(async (svc, s) => {
    const bad: Record<string, unknown>[] = [
      {},
      { to: [] },
      { to: "not an address" },
      { to: ["ok@example.com", "bad@"] },
      { to: 42 },
      { ...ok, to: "a@example.com\r\nBcc: x@example.com" },
      { ...ok, cc: [] },
      { ...ok, bcc: [] },
      // Limits: "recipients to / cc / bcc / reply_to: 1 to 50 each".
      { ...ok, reply_to: [] },
      { ...ok, sender_mode: "other" },
      { ...ok, subject: 5 },
      { ...ok, headers: { "X-A": "v\r\nBcc: evil@example.com" } },
      { ...ok, headers: { "X-A": "line\nbreak" } },
      { ...ok, headers: { "Bad Name": "v" } },
      { ...ok, headers: { "X:A": "v" } },
      { ...ok, headers: { "X-A": 5 } },
      { ...ok, data: { k: { nested: true } } },
      { ...ok, data: { k: null } },
      { ...ok, data: { "": "empty key" } },
      { ...ok, attachments: [{ content: "" }] },
      { ...ok, attachments: [{ filename: "", content: "" }] },
      { ...ok, attachments: [{ filename: "a\r\nb", content: "" }] },
      { ...ok, attachments: "nope" },
      { ...ok, from: { name: "A\r\nBcc: x@example.com" } },
    ];
    for (const body of bad) {
      const r = await send(svc, s.key, body);
      assertError(r, 400, "invalid_payload");
      assert.ok(Array.isArray(r.body.details) && (r.body.details as unknown[]).length > 0);
    }
    // A JSON array or string is a schema mismatch, not bad JSON.
    assertError(await send(svc, s.key, [ok]), 400, "invalid_payload");
  });
});

Deno.test("5 before 6: an invalid payload naming an unknown template answers invalid_payload", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, { to: "bad", template: "no-such-template" });
    assertError(r, 400, "invalid_payload");
  });
});

// --- 6 to 9 ------------------------------------------------------------------------------

Deno.test("6: an unknown template answers template_not_found, before no_body and attachments", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, {
      to: "ann@example.com",
      template: "missing",
      attachments: [{ filename: "bad.bin", content: "***" }],
    });
    assertError(r, 400, "template_not_found");
  });
});

Deno.test("7: neither html nor text answers no_body, before invalid_attachment", async () => {
  await withService(async (svc, s) => {
    assertError(await send(svc, s.key, { to: "ann@example.com" }), 400, "no_body");
    assertError(
      await send(svc, s.key, { to: "ann@example.com", html: "", text: "" }),
      400,
      "no_body",
    );
    const r = await send(svc, s.key, {
      to: "ann@example.com",
      attachments: [{ filename: "bad.bin", content: "***" }],
    });
    assertError(r, 400, "no_body");
    // A starter template has content: no no_body.
    const t = await send(svc, s.key, { to: "ann@example.com", template: "welcome" });
    assert.equal(t.body.sent, true);
  });
});

Deno.test("8: content that is not strict base64 answers invalid_attachment naming the file", async () => {
  await withService(async (svc, s) => {
    for (const content of ["abc", "ab=c", "data:text/plain;base64,aGk=", "aGk=aGk=", "a*b="]) {
      const r = await send(svc, s.key, {
        ...ok,
        attachments: [
          { filename: "fine.txt", content: "aGk=" },
          { filename: "broken.bin", content },
        ],
      });
      assertError(r, 400, "invalid_attachment");
      assert.equal(r.body.filename, "broken.bin");
    }
    // Line-wrapped base64 (PHP chunk_split) is fine.
    const wrapped = await send(svc, s.key, {
      ...ok,
      attachments: [{ filename: "w.txt", content: "aGVs\r\nbG8g\r\nd29y\r\nbGQ=\r\n" }],
    });
    assert.equal(wrapped.body.sent, true, wrapped.text);
  });
});

Deno.test("8 before 9: a bad file among too large ones answers invalid_attachment", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, {
      ...ok,
      attachments: [
        { filename: "big.bin", content: base64OfSize(MAX_ATTACHMENT_BYTES + 1) },
        { filename: "bad.bin", content: "%%%" },
      ],
    });
    assertError(r, 400, "invalid_attachment");
    assert.equal(r.body.filename, "bad.bin");
  });
});

Deno.test("9: 15 MB decoded passes the size check, one byte more answers attachments_too_large", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  await withService(async (svc, s) => {
    // Fill the window so that a request passing check 9 stops at check 10 (cheap).
    await fillWindow(svc, s, RATE_LIMIT);
    const half = MAX_ATTACHMENT_BYTES / 2;
    const exact = await send(svc, s.key, {
      ...ok,
      attachments: [
        { filename: "a.bin", content: base64OfSize(half) },
        { filename: "b.bin", content: base64OfSize(half) },
      ],
    });
    assertError(exact, 200, "rate_limited");
    const over = await send(svc, s.key, {
      ...ok,
      attachments: [
        { filename: "a.bin", content: base64OfSize(half) },
        { filename: "b.bin", content: base64OfSize(half + 1) },
      ],
    });
    assertError(over, 400, "attachments_too_large");
  }, { clock });
});

// --- 10 rate_limited ------------------------------------------------------------------------

/** Sends `n` plain emails (each a log entry). */
async function fillWindow(svc: TestService, s: Seeded, n: number) {
  for (let i = 0; i < n; i++) {
    const r = await send(svc, s.key, { to: `f${i}@example.com`, subject: `n${i}`, text: "x" });
    assert.equal(r.body.sent, true, r.text);
  }
}

Deno.test("10: the 121st email within 60 s answers rate_limited at HTTP 200; the window slides", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  await withService(async (svc, s) => {
    await fillWindow(svc, s, RATE_LIMIT - 1);
    clock.advance(59_000);
    const last = await send(svc, s.key, ok); // the 120th
    assert.equal(last.body.sent, true);
    const refused = await send(svc, s.key, ok); // the 121st
    assertError(refused, 200, "rate_limited");
    // rate_limited is not logged: the log still holds 120 entries.
    const log = await svc.admin("GET", `/sites/${s.siteId}/email-log?limit=500`);
    assert.equal((log.body.items as unknown[]).length, RATE_LIMIT);
    // 60 s after the first 119, they leave the window.
    clock.advance(1_001);
    const again = await send(svc, s.key, ok);
    assert.equal(again.body.sent, true, again.text);
  }, { clock });
});

Deno.test("10 before 11: spam content on a limited site answers rate_limited", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  await withService(async (svc, s) => {
    await fillWindow(svc, s, RATE_LIMIT);
    assertError(await send(svc, s.key, { to: "ann@example.com", ...SPAM }), 200, "rate_limited");
  }, { clock });
});

Deno.test("10: flagged and rejected attempts are log entries and count toward the window", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  await withService(async (svc, s) => {
    for (let i = 0; i < RATE_LIMIT; i++) {
      const r = await send(svc, s.key, { to: "ann@example.com", ...SPAM });
      assertError(r, 400, "content_flagged");
    }
    assertError(await send(svc, s.key, ok), 200, "rate_limited");
  }, { clock });
});

// --- 11 content_flagged ----------------------------------------------------------------------

Deno.test("11: spam content answers content_flagged, is logged as flagged and emits email.rejected", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, { to: "Ann@Example.com", ...SPAM });
    assertError(r, 400, "content_flagged");
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "flagged");
    assert.equal(rec.flagged, true);
    assert.ok((rec.spam as { content: { score: number } }).content.score >= 60);
    const [ev] = await siteEvents(svc, s.siteId, "email.rejected");
    assert.deepEqual(ev.data, {
      to: "ann@example.com",
      subject: SPAM.subject,
      reason: "content_flagged",
    });
    assert.equal(((await svc.admin("GET", "/outbox")).body.items as unknown[]).length, 0);
  });
});

Deno.test("11: a score of 30 to 59 is sent with a warning in the log", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, {
      to: "ann@example.com",
      subject: "Limited time offer",
      text: "Buy now! This jackpot offer ends soon. Order now.",
    });
    assert.equal(r.body.sent, true, r.text);
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    const score = (rec.spam as { content: { score: number } }).content.score;
    assert.ok(score >= 30 && score < 60, `score ${score}`);
    assert.equal(rec.status, "warning");
    assert.equal(rec.warning, true);
  });
});

Deno.test("12: a model score of 30 to 59 is sent with a warning in the log", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, {
      to: "ann@example.com",
      subject: "Special promotion",
      text: "Special promotion: buy one get one free on all items. Visit our store today. " +
        "Offer valid while supplies last.",
    });
    assert.equal(r.body.sent, true, r.text);
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    const spam = rec.spam as { content: { score: number }; classifier: { score: number } };
    // The premise: check 11 alone would not warn; the model's band does.
    assert.ok(spam.content.score < 30, `content ${spam.content.score}`);
    assert.ok(
      spam.classifier.score >= 0.3 && spam.classifier.score < 0.6,
      `model ${spam.classifier.score}`,
    );
    assert.equal(rec.status, "warning");
    assert.equal(rec.warning, true);
  });
});

Deno.test("11 before 12: content the classifier would also flag answers content_flagged", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, {
      to: "ann@example.com",
      subject: SPAM.subject,
      html: PHISH.html + `<p>${SPAM.text}</p>`,
    });
    assertError(r, 400, "content_flagged");
  });
});

// --- 12 ai_flagged ----------------------------------------------------------------------------

Deno.test("12: the classifier flags phishing as ai_flagged and emits email.rejected", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, { to: "ann@example.com", ...PHISH });
    assertError(r, 400, "ai_flagged");
    const [ev] = await siteEvents(svc, s.siteId, "email.rejected");
    assert.equal(ev.data.reason, "ai_flagged");
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "flagged");
    assert.equal((rec.spam as { classifier: { spam: boolean } }).classifier.spam, true);
  });
});

Deno.test("12: after 100 log entries the classifier samples by subject hash", async () => {
  await withService(async (svc, s) => {
    await commit(addTotal(svc.ctx.kv.atomic(), "site_email_log", s.siteId, 100), "seed total");
    // "Security notice" is not in the sampled 1 in 20, so the phishing mail passes.
    const r = await send(svc, s.key, { to: "ann@example.com", ...PHISH });
    assert.equal(r.body.sent, true, r.text);
    // A subject that hashes into the sample is checked.
    const { shouldClassify } = await import("../../../domain/spam/classifier.ts");
    const sampled = Array.from({ length: 200 }, (_, i) => `Security notice ${i}`).find((x) =>
      shouldClassify(100, x)
    )!;
    const r2 = await send(svc, s.key, { to: "ann@example.com", ...PHISH, subject: sampled });
    assertError(r2, 400, "ai_flagged");
  });
});

Deno.test("12 before 13: phishing on an account over its quota answers ai_flagged", async () => {
  await withService(async (svc, s) => {
    assertError(await send(svc, s.key, { to: "ann@example.com", ...PHISH }), 400, "ai_flagged");
  }, { account: { monthly_email_limit: 0 } });
});

// --- contact-form hold ---------------------------------------------------------------------------

const FORM_SPAM = {
  subject: "New contact form submission",
  text: "Dear website owner, we offer SEO and backlinks to rank your website on the first page " +
    "of Google: https://seo.example.org https://links.example.org https://rank.example.org " +
    "[url=https://x.example.org]cheap[/url]. To opt out reply STOP.",
};

/**
 * The hold is tested on its own: past 100 log entries check 12 samples by subject, and these
 * subjects are not in the sample. (Check 12 runs first: on a fresh site the built-in classifier
 * refuses FORM_SPAM as ai_flagged, as the spec's order says.)
 */
async function skipClassifier(svc: TestService, s: Seeded) {
  await commit(addTotal(svc.ctx.kv.atomic(), "site_email_log", s.siteId, 100), "seed total");
}

Deno.test("hold: a spammy contact-form notification answers sent and held, and is not sent", async () => {
  await withService(async (svc, s) => {
    await skipClassifier(svc, s);
    const r = await send(svc, s.key, {
      to: "owner@example.com",
      source_plugin: "contact-form-7",
      ...FORM_SPAM,
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      ok: true,
      sent: true,
      held: true,
      reason: "held_as_spam",
      mode: "relay",
    });
    const out = await svc.admin("GET", "/outbox");
    assert.equal((out.body.items as unknown[]).length, 0);
    const [ev] = await siteEvents(svc, s.siteId, "email.held");
    assert.equal(ev.data.to, "owner@example.com");
    assert.equal(ev.data.subject, FORM_SPAM.subject);
    assert.equal(ev.data.reason, "held_as_spam");
    const c = ev.data.confidence as number;
    assert.ok(c >= 0.9 && c <= 1, String(c));
    assert.ok(typeof ev.data.detail === "string" && (ev.data.detail as string).length <= 200);
    assert.equal((await siteEvents(svc, s.siteId, "email.sent")).length, 0);
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "held");
    assert.equal(rec.flagged, true);
    assert.equal(rec.source, "contact-form-7");
  });
});

Deno.test("hold: a normal form notification, and the same text from another source, are sent", async () => {
  await withService(async (svc, s) => {
    await skipClassifier(svc, s);
    const normal = await send(svc, s.key, {
      to: "owner@example.com",
      source_plugin: "wpforms",
      subject: "New contact form submission",
      text: "Name: Ann\nMessage: Could you send me your opening hours? Thanks!",
    });
    assert.equal(normal.body.sent, true);
    assert.equal(normal.body.held, undefined);
    // Not a form notification (source and subject): no hold check.
    const other = await send(svc, s.key, {
      to: "owner@example.com",
      source_plugin: "woocommerce",
      subject: "Weekly digest",
      text: FORM_SPAM.text,
    });
    assert.equal(other.body.sent, true, other.text);
    assert.equal(other.body.held, undefined);
    // A form-like subject alone marks a notification.
    const bySubject = await send(svc, s.key, { to: "owner@example.com", ...FORM_SPAM });
    assert.equal(bySubject.body.held, true);
  });
});

// --- 13 over_quota -------------------------------------------------------------------------------

Deno.test("13: the account's monthly limit answers over_quota at HTTP 200 and resets on the 1st (UTC)", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 30, 23, 59));
  await withService(async (svc, s) => {
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
    const r = await send(svc, s.key, ok);
    assertError(r, 200, "over_quota");
    const [ev] = await siteEvents(svc, s.siteId, "email.rejected");
    assert.deepEqual(ev.data, { to: "ann@example.com", subject: "Hello", reason: "over_quota" });
    // Another site of the same account shares the limit.
    const other = await seedSite(svc, { accountId: s.accountId });
    assertError(await send(svc, other.key, ok), 200, "over_quota");
    clock.set(Date.UTC(2026, 11, 1, 0, 0, 1));
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
  }, { clock, account: { monthly_email_limit: 2 } });
});

Deno.test("13 before 14: over quota with every recipient suppressed answers over_quota", async () => {
  await withService(async (svc, s) => {
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "ann@example.com",
      reason: "bounced",
      detail: null,
      created_at: new Date().toISOString(),
    });
    assertError(await send(svc, s.key, ok), 200, "over_quota");
  }, { account: { monthly_email_limit: 0 } });
});

// --- 14 send_failed: recipients ------------------------------------------------------------------

Deno.test("14: every to address suppressed answers send_failed all_recipients_suppressed", async () => {
  await withService(async (svc, s) => {
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "ann@example.com",
      reason: "complained",
      detail: null,
      created_at: new Date().toISOString(),
    });
    const r = await send(svc, s.key, { ...ok, to: "ANN@example.com", cc: "cc@example.com" });
    assertError(r, 200, "send_failed");
    assert.equal(r.body.error, "all_recipients_suppressed");
    const [ev] = await siteEvents(svc, s.siteId, "email.suppressed");
    assert.deepEqual(ev.data, {
      to: "ann@example.com",
      subject: "Hello",
      reason: "bounced_or_complained",
    });
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "suppressed");
  });
});

Deno.test("14: every to address unsubscribed answers all_recipients_unsubscribed; mixed is suppressed", async () => {
  await withService(async (svc, s) => {
    const at = new Date().toISOString();
    await addUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      site_id: s.siteId,
      email: "ann@example.com",
      source: "manual",
      created_at: at,
    });
    await addUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      site_id: s.siteId,
      email: "bob@example.com",
      source: "manual",
      created_at: at,
    });
    const r = await send(svc, s.key, { ...ok, to: ["ann@example.com", "bob@example.com"] });
    assertError(r, 200, "send_failed");
    assert.equal(r.body.error, "all_recipients_unsubscribed");
    const [ev] = await siteEvents(svc, s.siteId, "email.suppressed");
    assert.equal(ev.data.reason, "unsubscribed");

    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "cat@example.com",
      reason: "bounced",
      detail: null,
      created_at: at,
    });
    const mixed = await send(svc, s.key, { ...ok, to: ["ann@example.com", "cat@example.com"] });
    assert.equal(mixed.body.error, "all_recipients_suppressed");
    // Unsubscribes are per site: another site still reaches ann.
    const other = await seedSite(svc);
    assert.equal((await send(svc, other.key, ok)).body.sent, true);
  });
});

Deno.test("14: when only some to addresses are blocked the rest receive it and no event is sent", async () => {
  await withService(async (svc, s) => {
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "ann@example.com",
      reason: "bounced",
      detail: null,
      created_at: new Date().toISOString(),
    });
    const r = await send(svc, s.key, {
      ...ok,
      to: ["ann@example.com", "bob@example.com"],
      cc: "ann@example.com",
    });
    assert.equal(r.body.sent, true, r.text);
    assert.equal((await siteEvents(svc, s.siteId, "email.suppressed")).length, 0);
    const [m] = (await svc.admin("GET", "/outbox")).body.items as { to: string[] }[];
    // Removed from to; cc is not checked.
    assert.deepEqual(m.to, ["bob@example.com", "ann@example.com"]);
    const [sent] = await siteEvents(svc, s.siteId, "email.sent");
    assert.equal(sent.data.to, "bob@example.com");
  });
});

// --- 200 success ---------------------------------------------------------------------------------

Deno.test("success: answers ok, sent, mode and message_id; emits email.sent; marks the site verified", async () => {
  await withService(async (svc, s) => {
    assert.equal((await svc.admin("GET", `/sites/${s.siteId}`)).body.verified, false);
    const r = await send(svc, s.key, ok);
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ["message_id", "mode", "ok", "sent"]);
    assert.equal(r.body.ok, true);
    assert.equal(r.body.sent, true);
    assert.equal(r.body.mode, "relay");
    assert.match(r.body.message_id as string, /^<[0-9a-f-]{36}@localhost>$/);
    const [ev] = await siteEvents(svc, s.siteId, "email.sent");
    assert.deepEqual(ev.data, {
      message_id: r.body.message_id,
      to: "ann@example.com",
      subject: "Hello",
      mode: "relay",
    });
    assert.equal((await svc.admin("GET", `/sites/${s.siteId}`)).body.verified, true);
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "sent");
    assert.equal(rec.message_id, r.body.message_id);
    assert.equal(rec.source, "api");
  });
});

Deno.test("success: an empty subject becomes 'Message from <site name>'", async () => {
  await withService(async (svc, s) => {
    const r = await send(svc, s.key, { to: "ann@example.com", text: "x" });
    assert.equal(r.body.sent, true);
    const [m] = (await svc.admin("GET", "/outbox")).body.items as { subject: string }[];
    assert.equal(m.subject, "Message from Example Site");
  });
});

// --- spec rule 3 boundaries: 30 to 59 sent with a warning, 60 or more refused ------------------

Deno.test("11: content scores 28 and 30, 59 and 60: no warning, warning, warning, content_flagged", async () => {
  await withService(async (svc, s) => {
    // Past 100 log entries with unsampled subjects, so only the content score decides.
    await commit(addTotal(svc.ctx.kv.atomic(), "site_email_log", s.siteId, 100), "seed total");
    const { shouldClassify } = await import("../../../domain/spam/classifier.ts");
    const unsampled = (base: string) =>
      Array.from({ length: 100 }, (_, i) => `${base} ${i}`).find((x) => !shouldClassify(100, x))!;
    const cases: [string, string, string, "sent" | "warning" | "content_flagged"][] = [
      // gambling 20 + pressure 8
      ["28", unsampled("Friday news"), "Our casino night is on Friday, act now to book.", "sent"],
      // gambling 20 + three exclamation marks 10
      ["30", unsampled("Friday!!! news"), "Our casino night is on Friday.", "warning"],
      // pharma 35 + pressure 3 x 8
      ["59", unsampled("Pharmacy news"), "Viagra: act now, buy now, order now.", "warning"],
      // pharma 35 + adult 25
      ["60", unsampled("Pharmacy news"), "Viagra and porn.", "content_flagged"],
    ];
    for (const [score, subject, text, outcome] of cases) {
      const r = await send(svc, s.key, { to: "ann@example.com", subject, text });
      if (outcome === "content_flagged") assertError(r, 400, "content_flagged");
      else assert.equal(r.body.sent, true, `${score}: ${r.text}`);
      const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log?limit=1`)).body
        .items as Record<string, unknown>[];
      assert.equal((rec.spam as { content: { score: number } }).content.score, Number(score));
      assert.equal(rec.status, outcome === "content_flagged" ? "flagged" : outcome, score);
      assert.equal(rec.warning, outcome === "warning", score);
    }
  });
});

Deno.test("hold: confidence 0.9 exactly is held with email.held confidence 0.9; 0.8875 is sent", async () => {
  await withService(async (svc, s) => {
    await commit(addTotal(svc.ctx.kv.atomic(), "site_email_log", s.siteId, 100), "seed total");
    const { shouldClassify } = await import("../../../domain/spam/classifier.ts");
    const subject = Array.from({ length: 100 }, (_, i) => `New contact form submission ${i}`)
      .find((x) => !shouldClassify(100, x))!;
    // spam_goods 0.75 and bbcode 0.6: 1 - 0.25 * 0.4 = 0.9.
    const held = await send(svc, s.key, {
      to: "owner@example.com",
      source_plugin: "wpforms",
      subject,
      text: "Name: Bo\nMessage: casino tonight [url=shop]here[/url]",
    });
    assert.deepEqual(held.body, {
      ok: true,
      sent: true,
      held: true,
      reason: "held_as_spam",
      mode: "relay",
    });
    const [ev] = await siteEvents(svc, s.siteId, "email.held");
    assert.deepEqual(ev.data, {
      to: "owner@example.com",
      subject,
      reason: "held_as_spam",
      confidence: 0.9,
      detail: "spam_goods, bbcode",
    });
    // seo_pitch 0.55 and spam_goods 0.75: 1 - 0.45 * 0.25 = 0.8875.
    const sent = await send(svc, s.key, {
      to: "owner@example.com",
      source_plugin: "wpforms",
      subject,
      text: "Name: Bo\nMessage: casino tonight, and we sell backlinks",
    });
    assert.equal(sent.body.sent, true, sent.text);
    assert.equal(sent.body.held, undefined);
    assert.equal(typeof sent.body.message_id, "string");
    assert.equal((await siteEvents(svc, s.siteId, "email.held")).length, 1);
  });
});

Deno.test("sender_mode domain with a verified sending domain sends from it; auto does too", async () => {
  await withService(async (svc, s) => {
    await addVerifiedDomain(svc, s.siteId, "mail.modes.example");
    for (const sender_mode of ["domain", "auto", undefined]) {
      const r = await send(svc, s.key, { ...ok, sender_mode });
      assert.equal(r.body.mode, "domain", String(sender_mode));
      assert.match(r.body.message_id as string, /@mail\.modes\.example>$/);
      const [m] = (await svc.admin("GET", "/outbox?limit=1")).body.items as { from: string }[];
      assert.match(m.from, /hello@mail\.modes\.example/);
    }
    const relay = await send(svc, s.key, { ...ok, sender_mode: "relay" });
    assert.equal(relay.body.mode, "relay");
    const [ev] = (await siteEvents(svc, s.siteId, "email.sent")).slice(-1);
    assert.equal(ev.data.mode, "relay");
  });
});
