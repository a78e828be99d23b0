/** POST /api/v1/forms/submit (spec: POST /forms/submit). Errors: `{error}`, no ok. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/context.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { FORMS_BODY_LIMIT, SubmitBody } from "../../domain/forms/schema.ts";
import { submitForm } from "../../domain/forms/submit.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { readJson } from "../body.ts";
import { requireSite } from "./auth.ts";

export function formsSubmitRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post("/forms/submit", envelope("plain"), requireSite(ctx), async (c) => {
    const json = await readJson(c, { badJson: "invalid_json", limit: FORMS_BODY_LIMIT });
    const input = parseOrThrow(SubmitBody, json);
    return c.json(await submitForm(ctx, c.get("site"), input));
  });
  return r;
}
