/** Operator API: hosted forms of an account. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  FormCreate,
  FormPatch,
  listHostedFormsOfAccount,
  newHostedForm,
  patchHostedForm,
  readHostedForm,
  setArchived,
} from "../../domain/forms/hosted.ts";
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
    const items = await listHostedFormsOfAccount(ctx, c.req.param("id"));
    if (!items) throw notFound("account");
    return c.json({ items });
  });
  r.get("/forms/:id", async (c) => {
    const form = await readHostedForm(ctx, c.req.param("id"));
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
