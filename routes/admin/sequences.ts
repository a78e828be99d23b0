/** Operator API: sequences of an account, and enrollments of a site. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  enrollmentView,
  listEnrollmentsOfSite,
  listSequencesOfAccount,
  newSequence,
  patchSequence,
  readEnrollment,
  readSequence,
  SequenceCreate,
  SequencePatch,
  sequenceView,
  stopEnrollment,
} from "../../domain/sequences/sequences.ts";
import { readAccount } from "../../domain/accounts/accounts.ts";
import { readSite } from "../../domain/sites/sites.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function sequenceRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const account = async (id: string) => {
    const a = await readAccount(ctx, id);
    if (!a) throw notFound("account");
    return a;
  };

  r.post("/accounts/:id/sequences", async (c) => {
    const a = await account(c.req.param("id"));
    const s = await newSequence(ctx, a.id, await adminBody(c, SequenceCreate));
    return c.json(sequenceView(s), 201);
  });
  r.get("/accounts/:id/sequences", async (c) => {
    const a = await account(c.req.param("id"));
    return c.json({ items: (await listSequencesOfAccount(ctx, a.id)).map(sequenceView) });
  });
  r.get("/sequences/:id", async (c) => {
    const s = await readSequence(ctx, c.req.param("id"));
    if (!s) throw notFound("sequence");
    return c.json(sequenceView(s));
  });
  r.patch("/sequences/:id", async (c) => {
    const s = await patchSequence(ctx, c.req.param("id"), await adminBody(c, SequencePatch));
    if (!s) throw notFound("sequence");
    return c.json(sequenceView(s));
  });

  r.get("/sites/:id/enrollments", async (c) => {
    const site = await readSite(ctx, c.req.param("id"));
    if (!site) throw notFound("site");
    const items = await listEnrollmentsOfSite(ctx, site.id, { limit: limitParam(c) });
    return c.json({ items: await Promise.all(items.map((e) => enrollmentView(ctx, e))) });
  });
  r.get("/enrollments/:id", async (c) => {
    const e = await readEnrollment(ctx, c.req.param("id"));
    if (!e) throw notFound("enrollment");
    return c.json(await enrollmentView(ctx, e));
  });
  r.post("/enrollments/:id/stop", async (c) => {
    const e = await stopEnrollment(ctx, c.req.param("id"));
    if (!e) throw notFound("enrollment");
    return c.json(await enrollmentView(ctx, e));
  });
  return r;
}
