/**
 * One person's data within an account (the operator API) or one site (the
 * public API, for the WordPress plugin's personal-data tools): export
 * everything that names the address, or erase it. Erasing deletes the
 * submissions that name it, the email log records and delivery reports
 * addressed to it, its sequence enrollments and the site events (webhook
 * history) whose data names it; its suppression and unsubscribes stay, keyed
 * by the address's keyed hash, with the address taken out, so it is still
 * never mailed. The search reads every record of the sites in scope (there is
 * no index by address, and keeping one would keep the address).
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { email } from "../kernel/validation.ts";
import { eraseSubmissions, submissionsNaming } from "../forms/deletion.ts";
import { submissionView } from "../forms/views.ts";
import { emailsTo, eraseEmails } from "../mail/deletion.ts";
import { emailLogView } from "../mail/email_log.ts";
import { deleteReportsOfMessage, eraseReports, reportsAbout } from "../inbound/reports.ts";
import { enrollmentsOf, eraseEnrollments } from "../sequences/deletion.ts";
import { enrollmentView } from "../sequences/sequences.ts";
import { eraseEvents, eventsNaming } from "../webhooks/deletion.ts";
import { blocksOfAddress, scrubAddress } from "../suppressions/suppressions.ts";
import { listSitesOfAccount, readSite } from "../sites/sites.ts";
import { forgetSenderAddress } from "../spam/memory.ts";

export const PersonalDataRequest = z.object({ email: email() });

/** The sites of an account (null: no such account). */
export async function accountSiteIds(ctx: Ctx, accountId: string): Promise<string[] | null> {
  return (await listSitesOfAccount(ctx, accountId))?.map((s) => s.id) ?? null;
}

/** Everything these sites hold that names `address`, each item as the operator API shows it. */
export async function exportPersonalData(ctx: Ctx, siteIds: string[], address: string) {
  const a = address.toLowerCase();
  const submissions = [];
  const emails = [];
  const deliveryReports = [];
  const enrollments = [];
  const events = [];
  for (const siteId of siteIds) {
    for (const s of await submissionsNaming(ctx, siteId, a)) {
      submissions.push(await submissionView(ctx, s, null));
    }
    for (const r of await emailsTo(ctx, siteId, a)) emails.push(await emailLogView(ctx, r));
    deliveryReports.push(...await reportsAbout(ctx, siteId, a));
    for (const e of await enrollmentsOf(ctx, siteId, a)) {
      enrollments.push(await enrollmentView(ctx, e));
    }
    for (const f of await eventsNaming(ctx, siteId, a)) {
      events.push({
        id: f.event.id,
        type: f.event.type,
        site_id: siteId,
        created_at: f.event.created_at,
      });
    }
  }
  const blocks = await blocksOfAddress(ctx, a, siteIds);
  return {
    email: a,
    submissions: submissions.map(({ mark: _m, ...s }) => s),
    emails,
    delivery_reports: deliveryReports,
    suppressions: blocks.suppression && blocks.suppression.email !== "(erased)"
      ? [blocks.suppression]
      : [],
    unsubscribes: blocks.unsubscribes.filter((u) => u.email !== "(erased)"),
    enrollments,
    events,
    // Inbound mail is handed to its receiver and not stored: only the reports above are kept.
    inbound: [],
  };
}

export type ErasedCounts = {
  submissions: number;
  emails: number;
  delivery_reports: number;
  suppressions: number;
  unsubscribes: number;
  enrollments: number;
  events: number;
};

/** Erases `address` from these sites (see the top of this file); how many of each kind. */
export async function erasePersonalData(
  ctx: Ctx,
  siteIds: string[],
  address: string,
  by: string,
): Promise<ErasedCounts> {
  const a = address.toLowerCase();
  const n: ErasedCounts = {
    submissions: 0,
    emails: 0,
    delivery_reports: 0,
    suppressions: 0,
    unsubscribes: 0,
    enrollments: 0,
    events: 0,
  };
  for (const siteId of siteIds) {
    const subs = await submissionsNaming(ctx, siteId, a);
    await eraseSubmissions(ctx, subs);
    n.submissions += subs.length;
    const logs = await emailsTo(ctx, siteId, a);
    for (const r of logs) n.delivery_reports += await deleteReportsOfMessage(ctx, r.id);
    await eraseEmails(ctx, logs);
    n.emails += logs.length;
    const reports = await reportsAbout(ctx, siteId, a);
    await eraseReports(ctx, reports);
    n.delivery_reports += reports.length;
    const es = await enrollmentsOf(ctx, siteId, a);
    await eraseEnrollments(ctx, es);
    n.enrollments += es.length;
    const events = await eventsNaming(ctx, siteId, a);
    await eraseEvents(ctx, events);
    n.events += events.length;
  }
  // The accounts' spam marks on the address as a sender (keyed by it).
  const accounts = new Set<string>();
  for (const id of siteIds) {
    const acc = (await readSite(ctx, id))?.account_id;
    if (acc) accounts.add(acc);
  }
  for (const acc of accounts) await forgetSenderAddress(ctx, acc, a);
  const scrubbed = await scrubAddress(ctx, a, siteIds);
  n.suppressions = scrubbed.suppressions;
  n.unsubscribes = scrubbed.unsubscribes;
  // The audit line names no address: that would keep what was just erased.
  ctx.log.info("audit: erased a person's data", { sites: siteIds.length, by, erased: n });
  return n;
}
