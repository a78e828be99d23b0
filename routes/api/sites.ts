/** GET and POST /sites/captcha, POST /sites/verify. Errors: `{error}` with no ok. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { CaptchaSave, captchaView, saveCaptcha } from "../../domain/forms/captcha_settings.ts";
import { SiteVerify, verifySite } from "../../domain/sites/verify.ts";
import { envelope } from "../errors.ts";
import { readJson } from "../body.ts";
import type { AppEnv } from "../types.ts";
import { requireSite } from "./auth.ts";

export function siteApiRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const keyed = [envelope("plain"), requireSite(ctx)] as const;

  r.get(
    "/sites/captcha",
    ...keyed,
    (c) => c.json({ ok: true, ...captchaView(ctx, c.get("site")) }),
  );

  r.post("/sites/captcha", ...keyed, async (c) => {
    const input = parseOrThrow(CaptchaSave, await readJson(c, { badJson: "invalid_json" }));
    const site = await saveCaptcha(ctx, c.get("site").id, input);
    return c.json({ ok: true, ...captchaView(ctx, site) });
  });

  r.post("/sites/verify", ...keyed, async (c) => {
    const input = parseOrThrow(SiteVerify, await readJson(c, { badJson: "invalid_json" }));
    const site = await verifySite(ctx, c.get("site").id, input);
    return c.json({
      ok: true,
      site: {
        id: site.id,
        name: site.name,
        domain: site.domain,
        verified: site.verified,
        domain_match: site.domain_match === true,
      },
      // The shared widget key, whatever the site's provider (older clients read it).
      turnstile_site_key: ctx.config.SVC_TURNSTILE_SITE_KEY,
      captcha: captchaView(ctx, site),
    });
  });
  return r;
}
