/**
 * Operator API: the service-wide spam lists, the operator's hand on what site
 * owners' marks put there. Texts that 3
 * or more accounts marked spam, for forms and for mail: list them, remove one
 * (the accounts that listed it cannot list it again); and one account's own
 * marks on its mail: see them, forget them.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { invalidPayload } from "../../domain/kernel/errors.ts";
import { isUuid } from "../../domain/kernel/ids.ts";
import { listFormSpamList, removeFormSpamListEntry } from "../../domain/forms/marks.ts";
import {
  clearMailMarksOfAccount,
  listMailSpamList,
  readMailMarksOfAccount,
  removeMailSpamListEntry,
} from "../../domain/mail/marks.ts";
import type { AppEnv } from "../types.ts";
import { limitParam, notFound } from "./body.ts";

/** `?before=`: an entry id from a previous page (400 when it is not one). */
function beforeParam(c: Context): string | undefined {
  const raw = c.req.query("before");
  if (raw === undefined) return undefined;
  if (!isUuid(raw)) throw invalidPayload([{ field: "before", message: "must be an entry id" }]);
  return raw;
}

export function spamListRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/spam-lists/forms", async (c) => {
    const limit = limitParam(c, 50, 200);
    const items = await listFormSpamList(ctx, { limit, before: beforeParam(c) });
    return c.json({ items, next_before: items.length === limit ? items.at(-1)!.id : null });
  });
  r.delete("/spam-lists/forms/:id", async (c) => {
    if (!await removeFormSpamListEntry(ctx, c.req.param("id"))) throw notFound("list entry");
    return c.body(null, 204);
  });
  // At most 200 entries: one page always holds the whole list.
  r.get("/spam-lists/mail", async (c) => {
    return c.json({ items: await listMailSpamList(ctx, { limit: limitParam(c, 200, 200) }) });
  });
  r.delete("/spam-lists/mail/:id", async (c) => {
    if (!await removeMailSpamListEntry(ctx, c.req.param("id"))) throw notFound("list entry");
    return c.body(null, 204);
  });
  r.get("/accounts/:id/mail-marks", async (c) => {
    const view = await readMailMarksOfAccount(ctx, c.req.param("id"));
    if (!view) throw notFound("account");
    return c.json(view);
  });
  r.delete("/accounts/:id/mail-marks", async (c) => {
    if (!await clearMailMarksOfAccount(ctx, c.req.param("id"))) throw notFound("account");
    return c.body(null, 204);
  });
  return r;
}
