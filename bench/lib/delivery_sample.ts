/** A mail/send of the bench as the delivery worker gets it (bench/delivery_*.ts). */
import { generateKeyPairSync } from "node:crypto";
import type { ComposeInput } from "../../domain/mail/compose.ts";
import type { TrackingOptions } from "../../domain/mail/tracking.ts";

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
export const dkim = { domainName: "relay.example.com", keySelector: "svc1", privateKey: pem };

let n = 0;
/** A mail/send of the bench: HTML with a link, its text part, the service's headers. */
export function sample(): ComposeInput {
  const i = n++;
  return {
    messageId: `<0193a4b2-${i}@relay.example.com>`,
    date: new Date(Date.UTC(2026, 10, 24, 16, 0, i % 60)),
    from: { name: "Shop of site 17", address: "relay@relay.example.com" },
    to: [{ name: "", address: `customer${i}@example.org` }],
    cc: [],
    replyTo: [{ name: "", address: "owner@shop.example.com" }],
    subject: `Your order #${i} is on its way`,
    html: `<html><body><p>Hello, your order <b>#${i}</b> is on its way.</p>` +
      `<p><a href="https://shop.example.com/orders/${i}">Track it</a></p></body></html>`,
    text:
      `Hello, your order #${i} is on its way.\n\nTrack it [https://shop.example.com/orders/${i}]`,
    attachments: [],
    headers: {
      "Feedback-ID": "api:relay:0193a4b2-0000-7000-8000-000000000017:svc",
      "List-Unsubscribe": "<https://svc.example.com/u/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    dkim,
  };
}

export const tracking: TrackingOptions = {
  base: "https://svc.example.com",
  encKey: new Uint8Array(32).fill(7),
  logId: "0193a4b2-0000-7000-8000-000000000001",
  opens: true,
  clicks: true,
  skipPrefix: "https://svc.example.com/u/",
};
