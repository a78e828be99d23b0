/** POST /f/{id} and the site's captcha: the token from the provider's field; a rejection stores nothing. */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { startCaptchaProvider } from "../../helpers/captcha_provider.ts";
import { eventsOf, setCaptcha, startFormsService } from "../../helpers/forms.ts";
import { createEndpoint, multipart, png, postDoor } from "../../helpers/static_forms.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { getSubmission, submissionBlobs } from "../../../domain/forms/submissions_store.ts";

const SECRET = "0x-site-hcaptcha-secret";

Deno.test("the hCaptcha token is read from h-captcha-response; a rejected one answers like success and stores no file", async () => {
  const p = await startCaptchaProvider({
    secrets: { turnstile: [], hcaptcha: [SECRET], recaptcha: [] },
    valid: { "good-token": null },
  });
  const svc = await startFormsService({
    runJobs: false,
    config: { SVC_HCAPTCHA_VERIFY_URL: p.urls.hcaptcha },
  });
  try {
    const { siteId, domain } = await seedSite(svc);
    await setCaptcha(svc, siteId, "hcaptcha", "site-key-1", SECRET);
    const e = await createEndpoint(svc, siteId, { redirect_url: `https://${domain}/thanks` });
    const post = (token: string) =>
      postDoor(
        svc,
        e.id,
        multipart(
          { email: "ann@example.org", message: "Hello there", "h-captcha-response": token },
          [
            { field: "photo", name: "p.png", bytes: png(100_000) },
          ],
        ),
        {},
        "203.0.113.50",
      );

    const bad = await post("forged");
    assert.equal(bad.status, 303);
    assert.equal(bad.location, `https://${domain}/thanks`);
    assert.equal(p.calls.at(-1)?.params.response, "forged");
    assert.equal(p.calls.at(-1)?.params.remoteip, "203.0.113.50");
    assert.deepEqual(await eventsOf(svc, siteId), []);
    // Blocked before storing: no blob chunk was written for the file.
    const chunks = [];
    for await (const c of svc.ctx.kv.list({ prefix: keys.blobs() })) chunks.push(c.key);
    assert.deepEqual(chunks, []);

    const good = await post("good-token");
    assert.equal(good.status, 303);
    const [ev] = (await eventsOf(svc, siteId)).filter((x) => x.type.startsWith("form."));
    assert.equal(ev.type, "form.submitted");
    // The token is not a field; the file's blob is the submission's (what deletion walks).
    assert.deepEqual(Object.keys(ev.data.fields as object).sort(), ["email", "message"]);
    const s = (await getSubmission(svc.ctx.kv, ev.data.submission_id as string))!;
    assert.deepEqual(submissionBlobs(s), [s.files![0].blob]);
  } finally {
    await svc.close();
    await p.close();
  }
});
