/**
 * POST /privacy/export and /privacy/erase: one person's data held for the
 * key's site (the WordPress plugin's personal-data exporter and eraser).
 * Errors: `{error}` with no ok.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  erasePersonalData,
  exportPersonalData,
  PersonalDataRequest,
} from "../../domain/privacy/personal_data.ts";
import { envelope } from "../errors.ts";
import { readJson } from "../body.ts";
import type { AppEnv } from "../types.ts";
import { requireSite } from "./auth.ts";

export function privacyApiRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const keyed = [envelope("plain"), requireSite(ctx)] as const;
  const input = async (c: Parameters<typeof readJson>[0]) =>
    parseOrThrow(PersonalDataRequest, await readJson(c, { badJson: "invalid_json" }));

  r.post("/privacy/export", ...keyed, async (c) => {
    const { email } = await input(c);
    return c.json({ ok: true, ...(await exportPersonalData(ctx, [c.get("site").id], email)) });
  });
  r.post("/privacy/erase", ...keyed, async (c) => {
    const { email } = await input(c);
    const erased = await erasePersonalData(ctx, [c.get("site").id], email, "site_key");
    return c.json({ ok: true, erased });
  });
  return r;
}
