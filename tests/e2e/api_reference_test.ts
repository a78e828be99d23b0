/**
 * The reference page (/docs, Swagger UI served by the service) in real
 * headless Chromium: it renders the document with no console errors, and
 * "Try it out" calls the running service with a real API key. Screenshots go
 * to tests/e2e/artifacts/api_reference/ (gitignored).
 */
import assert from "node:assert/strict";
import { type Browser, chromium } from "playwright-core";
import { seedSite, startTestService } from "../helpers/service.ts";

const ARTIFACTS = new URL("./artifacts/api_reference/", import.meta.url).pathname;

Deno.test({
  name: "the reference page renders with no console errors and its Try it out calls the service",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const svc = await startTestService();
    let browser: Browser | undefined;
    try {
      const base = await svc.listen();
      const seeded = await seedSite(svc);
      browser = await chromium.launch({
        executablePath: "/usr/bin/chromium",
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
      });
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } }))
        .newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("response", (r) => {
        if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
      });

      await page.goto(`${base}/docs`);
      await page.getByText("Form, Mail and Webhook Service: API v1").waitFor();
      await page.locator(".opblock").first().waitFor();
      assert.ok((await page.locator(".opblock").count()) >= 10);
      await page.screenshot({ path: `${ARTIFACTS}01-reference.png`, fullPage: true });

      // Authorize with the site's key, then try GET /blocks/status.
      await page.getByRole("button", { name: /Authorize/ }).first().click();
      await page.locator(".modal-ux input[type=text]").fill(seeded.key);
      await page.locator(".modal-ux button.modal-btn.authorize").click();
      await page.locator(".modal-ux button.btn-done").click();
      const op = page.locator("#operations-Blocks-getBlocksStatus");
      await op.locator(".opblock-summary").click();
      await op.getByRole("button", { name: "Try it out" }).click();
      await op.getByRole("button", { name: "Execute" }).click();
      const status = op.locator(".live-responses-table tbody .response-col_status").first();
      await status.waitFor();
      assert.match(await status.innerText(), /200/);
      assert.match(await op.locator(".live-responses-table").innerText(), /any_active_block/);
      await page.screenshot({ path: `${ARTIFACTS}02-try-it.png`, fullPage: false });
      assert.deepEqual(errors, []);
    } finally {
      await browser?.close();
      await svc.close();
    }
  },
});
