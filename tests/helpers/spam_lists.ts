/**
 * Texts on the service-wide spam lists (issue 13), made through the API as a
 * site owner would: each account's site receives near-duplicate text and its
 * owner marks it spam. Used by the lists' own tests and the operator answers'
 * check (which needs an entry in every list).
 */
import assert from "node:assert/strict";
import { type Seeded, seedSite, type TestService } from "./service.ts";
import { BROWSER_UA, submit } from "./forms.ts";
import type { ManualClock } from "../../domain/kernel/clock.ts";

/** A spring market announcement: scores well under 60 by itself. */
export const MARKET =
  "Hello, the spring market is on Saturday in the town square from nine until four, with local bakers, cheese makers, flowers and a brass band. Stalls can still be booked at the town hall.";

let senders = 0;

/** Submits `text` (or a near-duplicate of it) to `site`; the stored submission. */
export async function submitText(
  svc: TestService,
  site: Seeded,
  text: string,
): Promise<{ id: string; spam_score: number; spam_reasons: { rule: string }[] }> {
  const n = ++senders;
  const r = await submit(svc, site.key, {
    form_id: 1,
    fields: { name: `Pat ${n}`, email: `pat${n}@mail${n}.example`, message: text },
    visitor: {
      ip: `198.51.100.${n % 250}`,
      user_agent: BROWSER_UA,
      referrer: `https://${site.domain}/contact`,
    },
  });
  assert.equal(r.status, 200, r.text);
  const s = await svc.admin("GET", `/submissions/${r.body.id}`);
  return { id: r.body.id as string, ...(s.body as { spam_score: number; spam_reasons: [] }) };
}

/**
 * Each of `sites` (new ones when a number) receives a near-duplicate of
 * `text` and marks it spam, hours apart with a clock (so that the
 * near-duplicate sightings of several sites have expired and only the marks
 * count). The sites.
 */
export async function markFormText(
  svc: TestService,
  clock: ManualClock | null,
  sites: Seeded[] | number,
  text = MARKET,
): Promise<Seeded[]> {
  const list = typeof sites === "number"
    ? await Promise.all(Array.from({ length: sites }, () => seedSite(svc)))
    : sites;
  for (const [i, site] of list.entries()) {
    const s = await submitText(svc, site, `${text}${i % 2 ? " Thanks." : ""}`);
    const r = await svc.admin("POST", `/submissions/${s.id}/spam`);
    assert.equal(r.status, 200, r.text);
    clock?.set(clock.now() + 7 * 3600_000);
  }
  return list;
}

/**
 * A village pub's newsletter that check 11 sends with a warning (30 to 59);
 * `refused`: with "click here" and "100% free", which check 11 refuses.
 */
export function newsletter(issue: number, refused = false) {
  return {
    subject: `Casino night at the Red Lion, issue ${issue}`,
    text: "Hello neighbours,\n\nOur charity casino night is back on Friday. Try the roulette " +
      "and blackjack tables, spin for the jackpot and win free spins at the online casino " +
      "corner run by our sponsor. Every ticket supports the village school roof. " +
      `Limited time: buy now, only ${40 - issue} tickets left!` +
      (refused ? " Click here to book, 100% free entry for children." : "") +
      "\n\nSee you there,\nThe Red Lion team\n",
  };
}

/** Sends `body` from `site`; its email log record (status, reason, spam). */
export async function sendMail(
  svc: TestService,
  site: Seeded,
  body: Record<string, unknown>,
): Promise<{ id: string; status: string; reason: string | null }> {
  await svc.api("POST", "mail/send", { key: site.key, body: { to: "ann@example.org", ...body } });
  const newest = await svc.admin("GET", `/sites/${site.siteId}/email-log?limit=1`);
  return (newest.body.items as { id: string; status: string; reason: string | null }[])[0];
}

/** Each of `sites` (new ones when a number) sends the newsletter and marks it spam. */
export async function markMailText(
  svc: TestService,
  sites: Seeded[] | number,
): Promise<Seeded[]> {
  const list = typeof sites === "number"
    ? await Promise.all(Array.from({ length: sites }, () => seedSite(svc)))
    : sites;
  for (const site of list) {
    const log = await sendMail(svc, site, newsletter(++senders % 30));
    const r = await svc.admin("POST", `/emails/${log.id}/spam`);
    assert.equal(r.status, 200, r.text);
  }
  return list;
}
