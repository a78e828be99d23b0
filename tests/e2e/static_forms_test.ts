/**
 * Forms for static sites in real headless Chromium (Debian `chromium`,
 * playwright-core): the owner creates a form endpoint in the dashboard and
 * copies its snippet; a static page on another origin (a second loopback
 * server, reached as www.bakery.example.test) carries the snippet as pasted; a
 * visitor fills it, attaches a file and lands on the redirect; the owner's
 * notification (a real SMTP server, parsed with mailparser) links the file and
 * the link downloads the same bytes. Then the fetch variant with CORS, spam
 * and the honeypot (answered like success, nobody notified) and a 12 MB upload
 * refused with a clear page. Screenshots go to tests/e2e/artifacts/static_forms/.
 */
import assert from "node:assert/strict";
import { type Browser, chromium } from "playwright-core";
import { Buffer } from "node:buffer";
import { startTestService, stillTrueFor } from "../helpers/service.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { BROWSER_UA, setCaptcha } from "../helpers/forms.ts";
import { png } from "../helpers/static_forms.ts";

const ARTIFACTS = new URL("./artifacts/static_forms/", import.meta.url).pathname;
const DOMAIN = "bakery.example.test";

Deno.test({
  name:
    "a static page with the dashboard's snippet posts a file, lands on the redirect, and the owner gets it",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const smtp = await startSmtp();
    const svc = await startTestService({
      config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
    });
    // The static site: its pages are set once the snippet is known.
    const pages = new Map<string, string>();
    const site = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
      const body = pages.get(new URL(req.url).pathname);
      return body === undefined
        ? new Response("not here", { status: 404 })
        : new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    let browser: Browser | undefined;
    try {
      const base = await svc.listen();
      // Links in the snippet and in mail use SVC_BASE_URL: the port is known only now.
      (svc.ctx.config as { SVC_BASE_URL: string }).SVC_BASE_URL = base;
      const siteOrigin = `http://www.${DOMAIN}:${site.addr.port}`;

      const account = await svc.admin("POST", "/accounts", { name: "Bakery Ltd" });
      await svc.admin("POST", `/accounts/${account.body.id}/users`, {
        email: "baker@example.com",
        password: "flour water salt yeast",
      });
      const s = await svc.admin("POST", "/sites", {
        account_id: account.body.id,
        name: "Corner Bakery",
        domain: DOMAIN,
        default_notify_email: "orders@corner-bakery.example",
      });
      const siteId = s.body.id as string;
      // No outside captcha script on a machine without the internet.
      await setCaptcha(svc, siteId, "none");
      await svc.admin("POST", `/accounts/${account.body.id}/forms`, {
        name: "Cake order",
        slug: "cake",
        fields: [
          { name: "name", label: "Your name", type: "text", required: true },
          { name: "email", label: "Email", type: "email", required: true },
          { name: "message", label: "Message", type: "textarea", required: true },
        ],
        settings: { submit_label: "Order" },
      });

      browser = await chromium.launch({
        executablePath: "/usr/bin/chromium",
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`,
        ],
      });
      // A desktop browser's user agent: "HeadlessChrome" is rightly judged a bot.
      const context = await browser.newContext({
        viewport: { width: 1100, height: 900 },
        userAgent: BROWSER_UA,
      });
      const page = await context.newPage();

      // The owner: the dashboard's Static forms page, a new endpoint, its snippet.
      await page.goto(`${base}/dashboard/`);
      await page.getByLabel("Email").fill("baker@example.com");
      await page.getByLabel("Password").fill("flour water salt yeast");
      await page.getByLabel("Password").press("Enter");
      await page.getByRole("heading", { name: "Sites" }).waitFor();
      await page.goto(`${base}/dashboard/sites/${siteId}/static-forms`);
      await page.getByLabel("Hosted form").selectOption("cake");
      await page.getByLabel("Redirect after sending").fill(`${siteOrigin}/thanks`);
      await page.getByLabel("Origins whose scripts may post").fill(siteOrigin);
      await page.getByRole("button", { name: "Create endpoint" }).click();
      const snippet = await page.locator("textarea.snippet").first().inputValue();
      await page.screenshot({ path: `${ARTIFACTS}01-dashboard-snippet.png`, fullPage: true });
      const action = /action="([^"]+)"/.exec(snippet)![1];
      assert.ok(action.startsWith(`${base}/f/`), snippet);

      pages.set(
        "/contact",
        `<!doctype html><html><head><title>Contact</title></head><body><h1>Order a cake</h1>\n${snippet}\n</body></html>`,
      );
      pages.set("/thanks", "<!doctype html><title>Thanks</title><h1>Thanks, we got it</h1>");
      pages.set(
        "/fetch",
        `<!doctype html><title>Fetch</title><body>${snippet}
<script>
window.send = async (fields) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const res = await fetch(${
          JSON.stringify(action)
        }, { method: "POST", body, headers: { accept: "application/json" } });
  return { status: res.status, body: await res.json() };
};
</script></body>`,
      );

      // The visitor: fills the pasted form, attaches a file, lands on the redirect.
      const bytes = png(150_000);
      await page.goto(`${siteOrigin}/contact`);
      await page.getByLabel("Your name").fill("Maria Lopez");
      await page.getByLabel("Email").fill("maria@example.org");
      await page.getByLabel("Message").fill(
        "A chocolate cake for Saturday, the sketch is attached.",
      );
      await page.getByLabel("Attachment").setInputFiles({
        name: "cake sketch.png",
        mimeType: "image/png",
        buffer: Buffer.from(bytes),
      });
      await page.getByRole("button", { name: "Order" }).click();
      await page.waitForURL(`${siteOrigin}/thanks`);
      await page.getByRole("heading", { name: "Thanks, we got it" }).waitFor();

      // The owner's notification links the file; the link downloads the same bytes.
      const [msg] = await smtp.waitFor(1);
      const mail = await msg.parse();
      assert.equal(mail.replyTo?.value[0].address, "maria@example.org");
      const html = String(mail.html);
      assert.ok(html.includes("Maria Lopez") && html.includes("cake sketch.png"));
      const link = /href="([^"]*\/uploads\/[^"]*)"/.exec(html)![1].replaceAll("&amp;", "&");
      const dl = await fetch(link);
      assert.equal(dl.status, 200);
      assert.match(
        dl.headers.get("content-disposition") ?? "",
        /^attachment; filename="cake sketch.png"/,
      );
      assert.equal(dl.headers.get("x-content-type-options"), "nosniff");
      assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), bytes);
      assert.ok(String(mail.text).includes(link));

      // The fetch variant from the allowed origin: CORS lets the script read {ok: true}.
      await page.goto(`${siteOrigin}/fetch`);
      const viaFetch = await page.evaluate(() =>
        (globalThis as unknown as { send(f: Record<string, string>): Promise<unknown> }).send({
          name: "Tom",
          email: "tom@example.org",
          message: "Do you bake gluten-free bread on Fridays?",
        })
      );
      assert.deepEqual(viaFetch, { status: 200, body: { ok: true } });
      await smtp.waitFor(2);

      // Spam and the honeypot: the visitor sees the same redirect; nobody is notified.
      await page.goto(`${siteOrigin}/contact`);
      await page.getByLabel("Your name").fill("Robertlex");
      await page.getByLabel("Email").fill("robertlex@mailinator.com");
      await page.getByLabel("Message").fill(
        "Buy viagra and cialis at our online pharmacy http://pharma.top http://pharma.top/a",
      );
      await page.getByRole("button", { name: "Order" }).click();
      await page.waitForURL(`${siteOrigin}/thanks`);
      await page.goto(`${siteOrigin}/contact`);
      await page.getByLabel("Your name").fill("Ann Bot");
      await page.getByLabel("Email").fill("ann@example.org");
      await page.getByLabel("Message").fill("Hello, I would like a cake.");
      await page.locator('input[name="_gotcha"]').evaluate((el) => {
        (el as unknown as { value: string }).value = "http://bot.example";
      });
      await page.getByRole("button", { name: "Order" }).click();
      await page.waitForURL(`${siteOrigin}/thanks`);
      await stillTrueFor(1000, () => smtp.messages.length === 2, "no notification for spam");

      // A 12 MB upload is refused with a clear page.
      await page.goto(`${siteOrigin}/contact`);
      await page.getByLabel("Your name").fill("Maria Lopez");
      await page.getByLabel("Email").fill("maria@example.org");
      await page.getByLabel("Message").fill("The full-size photos.");
      await page.getByLabel("Attachment").setInputFiles({
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.from(png(12_000_000)),
      });
      await page.getByRole("button", { name: "Order" }).click();
      await page.getByRole("heading", { name: "The files are too large" }).waitFor();
      assert.ok(page.url().startsWith(`${base}/f/`));
      assert.match(await page.content(), /at most 10485760 bytes/);
      await page.screenshot({ path: `${ARTIFACTS}02-too-large.png`, fullPage: true });
      assert.equal(smtp.messages.length, 2);
    } finally {
      await browser?.close();
      await site.shutdown();
      await svc.close();
      await smtp.close();
    }
  },
});
