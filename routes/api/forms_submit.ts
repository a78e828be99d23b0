/**
 * POST /api/v1/forms/submit (spec: POST /forms/submit). The use case
 * (`handleFormSubmit`, domain/forms/submit.ts) runs the key check and the
 * rules. Errors: `{error}`, no ok.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { FORMS_BODY_LIMIT } from "../../domain/forms/schema.ts";
import { handleFormSubmit } from "../../domain/forms/submit.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { keyedCall } from "./auth.ts";

export function formsSubmitRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const keyed = keyedCall(ctx, { badJson: "invalid_json", limit: FORMS_BODY_LIMIT });
  r.post("/forms/submit", envelope("plain"), async (c) => {
    return c.json(await keyed(c, (request) => handleFormSubmit(ctx, request)));
  });
  return r;
}
