import assert from "node:assert/strict";
import { BuiltinClassifier } from "../../../domain/spam/classifier.ts";
import { LEGIT_MAIL, SPAM_MAIL } from "./model_cases.ts";

const c = new BuiltinClassifier();
const verdict = (m: { subject: string; text?: string | null; html?: string | null }) =>
  c.classifySync({
    from: "news@shop.example",
    to: "ann@example.com",
    subject: m.subject,
    text: m.text ?? "",
    html: m.html ?? null,
  });

Deno.test("check 12: a newsletter with click tracking is never refused by its deceptive_link signal", () => {
  const links = [
    ["www.lunabakery.com/autumn", "https://u1234.ct.sendgrid.net/ls/click?upn=abc"],
    ["lunabakery.com/recipes", "https://click.mailchimp.com/track/click/30010842?u=9f&id=41"],
    ["Shop the sale at lunabakery.com", "https://email.klaviyo.com/c/eJx1kM1u"],
  ];
  const html = `<html><body><table><tr><td><h1>Autumn at Luna Bakery</h1>
    <p>Our pumpkin loaf is back, and the cinnamon rolls come in a box of six this month.</p>
    ${links.map(([label, href]) => `<p><a href="${href}">${label}</a></p>`).join("\n")}
    <p><a href="https://u1234.ct.sendgrid.net/wf/unsubscribe?upn=xyz">Unsubscribe</a></p>
    <img src="https://u1234.ct.sendgrid.net/wf/open?upn=1" width="1" height="1"></td></tr></table></body></html>`;
  const v = verdict({
    subject: "Autumn at Luna Bakery: pumpkin loaf is back",
    text: "Our pumpkin loaf is back. Unsubscribe: https://u1234.ct.sendgrid.net/wf/unsubscribe",
    html,
  });
  assert.match(v.detail ?? "", /deceptive_link/);
  assert.equal(v.spam, false, v.detail ?? "");
});

Deno.test("check 12: the legitimate mail cases are sent, the plain spam cases refused", () => {
  for (const [name, m] of Object.entries(LEGIT_MAIL)) {
    assert.equal(verdict(m).spam, false, `${name}: ${verdict(m).detail}`);
  }
  const refused = Object.entries(SPAM_MAIL).filter(([, m]) => verdict(m).spam).map(([n]) => n);
  console.log(`spam cases refused: ${refused.length}/${Object.keys(SPAM_MAIL).length}`, refused);
  assert.ok(refused.includes("phishing"), refused.join());
});
