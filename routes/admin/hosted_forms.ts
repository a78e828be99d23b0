/** Operator API: hosted forms of an account. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  FormCreate,
  FormPatch,
  newHostedForm,
  patchHostedForm,
  setArchived,
} from "../../domain/forms/hosted.ts";
import { getAccount } from "../../domain/accounts/store.ts";
import { getHostedForm, listHostedForms } from "../../domain/forms/hosted_store.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, notFound } from "./body.ts";

export function hostedFormRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post("/accounts/:id/forms", async (c) => {
    const input = await adminBody(c, FormCreate);
    const form = await newHostedForm(ctx, c.req.param("id"), input);
    if (!form) throw notFound("account");
    return c.json(form, 201);
  });
  r.get("/accounts/:id/forms", async (c) => {
    if (!(await getAccount(ctx.kv, c.req.param("id")))) throw notFound("account");
    return c.json({ items: await listHostedForms(ctx.kv, c.req.param("id")) });
  });
  r.get("/forms/:id", async (c) => {
    const form = await getHostedForm(ctx.kv, c.req.param("id"));
    if (!form) throw notFound("form");
    return c.json(form);
  });
  r.patch("/forms/:id", async (c) => {
    const form = await patchHostedForm(ctx, c.req.param("id"), await adminBody(c, FormPatch));
    if (!form) throw notFound("form");
    return c.json(form);
  });
  for (const [action, archived] of [["archive", true], ["restore", false]] as const) {
    r.post(`/forms/:id/${action}`, async (c) => {
      const form = await setArchived(ctx, c.req.param("id"), archived);
      if (!form) throw notFound("form");
      return c.json(form);
    });
  }
  return r;
}
