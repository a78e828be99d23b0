/**
 * Renders a handwritten mail text into the parts an email has: a text part
 * and an HTML part laid out as real senders do (a plain note, a transactional
 * table, a newsletter with a hidden preheader, click-tracked buttons, a
 * tracking pixel and an unsubscribe footer, an old-style spam page of font
 * tags, a branded phishing page). Links are written `<<label|target>>`.
 */
import type { Rng } from "./common.ts";

export type Layout =
  | "plain"
  | "simple"
  | "transactional"
  | "newsletter"
  | "spam_html"
  | "phish"
  | "old_html"
  | "outlook";

export type Brand = { name: string; domain: string };

/** A link's destination, resolved by the caller from the target's name. */
export type LinkResolver = (target: string) => string;

type Part = { kind: "text"; s: string } | { kind: "link"; label: string; href: string };

function parse(body: string, resolve: LinkResolver): Part[][] {
  return body.split(/\n\s*\n/).map((para) => {
    const parts: Part[] = [];
    let last = 0;
    const re = /<<([^|>]*)\|([a-z_]+)>>/g;
    for (let m = re.exec(para); m; m = re.exec(para)) {
      if (m.index > last) parts.push({ kind: "text", s: para.slice(last, m.index) });
      parts.push({ kind: "link", label: m[1], href: resolve(m[2]) });
      last = re.lastIndex;
    }
    if (last < para.length) parts.push({ kind: "text", s: para.slice(last) });
    return parts;
  });
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function textPart(paras: Part[][], rng: Rng): string {
  const style = rng.int(3);
  return paras.map((p) =>
    p.map((x) => {
      if (x.kind === "text") return x.s;
      if (!x.label || x.label === x.href) return x.href;
      return style === 0
        ? `${x.label}: ${x.href}`
        : style === 1
        ? `${x.label} <${x.href}>`
        : `${x.label} (${x.href})`;
    }).join("")
  ).join("\n\n");
}

function inlineHtml(p: Part[], linkStyle: string): string {
  return p.map((x) =>
    x.kind === "text"
      ? esc(x.s).replace(/\n/g, "<br>")
      : `<a href="${esc(x.href)}"${linkStyle}>${esc(x.label || x.href)}</a>`
  ).join("");
}

/** Footer lines that real service mail and its imitations share alike. */
function serviceFooter(rng: Rng, brand: string): string {
  return rng.pick([
    "This is a service email about your account.",
    "All rights reserved. Please do not reply to this email.",
    "Please do not reply to this email; this mailbox is not monitored.",
    `You are receiving this email because you have an account with ${brand}.`,
    "All rights reserved.",
    "This message was sent automatically.",
    `&copy; ${brand}. Privacy policy | Terms of use`,
  ]);
}

export type Rendered = { subject: string; text: string | null; html: string | null };

export function render(
  subject: string,
  body: string,
  layout: Layout,
  rng: Rng,
  resolve: LinkResolver,
  brand: Brand | null,
  opts: { unsubscribe?: string; pixel?: string; withText: boolean },
): Rendered {
  const paras = parse(body, resolve);
  const text = textPart(paras, rng);
  if (layout === "plain") return { subject, text, html: null };
  let html: string;
  const brandName = brand ? esc(brand.name) : "";
  switch (layout) {
    case "simple":
      html = `<html><body>${
        paras.map((p) => `<p>${inlineHtml(p, "")}</p>`).join("\n")
      }</body></html>`;
      break;
    case "transactional": {
      const logo = brand
        ? `<img src="https://${brand.domain}/static/logo.png" alt="${brandName}" width="120" height="32">`
        : "";
      const rows = paras.map((p) => {
        const onlyLink = p.length === 1 && p[0].kind === "link";
        return onlyLink
          ? `<tr><td align="center" style="padding:16px"><a href="${
            esc((p[0] as { href: string }).href)
          }" style="background:#1a73e8;color:#fff;padding:12px 24px;border-radius:4px;text-decoration:none">${
            esc((p[0] as { label: string }).label)
          }</a></td></tr>`
          : `<tr><td style="padding:8px 24px;font-family:Arial,sans-serif;font-size:14px;color:#333">${
            inlineHtml(p, ' style="color:#1a73e8"')
          }</td></tr>`;
      }).join("\n");
      const footer = brand
        ? `<tr><td style="padding:16px 24px;font-size:11px;color:#999">${brandName} &middot; ${
          rng.pick([
            "100 Market St, San Francisco, CA",
            "1 Poultry, London EC2R 8EJ",
            "Friedrichstraße 68, 10117 Berlin",
            "PO Box 4471, Seattle, WA",
          ])
        }<br>${serviceFooter(rng, brandName)}${
          opts.unsubscribe ? ` <a href="${esc(opts.unsubscribe)}">Notification settings</a>` : ""
        }</td></tr>`
        : "";
      html =
        `<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body style="background:#f4f4f4"><table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center"><table width="600" cellpadding="0" cellspacing="0" style="background:#fff"><tr><td style="padding:24px">${logo}</td></tr>\n${rows}\n${footer}</table></td></tr></table>${
          opts.pixel ? `<img src="${esc(opts.pixel)}" width="1" height="1" alt="">` : ""
        }</body></html>`;
      break;
    }
    case "newsletter": {
      const pre =
        paras[0]?.filter((x) => x.kind === "text").map((x) => (x as { s: string }).s).join("")
          .slice(0, 90) ?? "";
      const blocks = paras.map((p, i) => {
        const onlyLink = p.length === 1 && p[0].kind === "link";
        if (onlyLink) {
          const l = p[0] as { label: string; href: string };
          return `<tr><td align="center" style="padding:12px"><table><tr><td style="background:#222;border-radius:3px"><a href="${
            esc(l.href)
          }" style="color:#fff;display:inline-block;padding:10px 22px;font-weight:bold;text-decoration:none">${
            esc(l.label)
          }</a></td></tr></table></td></tr>`;
        }
        const img = i === 1 && rng.chance(0.6) && brand
          ? `<img src="https://${brand.domain}/images/newsletter/${
            rng.range(100, 999)
          }.jpg" width="560" alt="" style="display:block;width:100%"><br>`
          : "";
        return `<tr><td style="padding:10px 20px;font-family:Georgia,serif;font-size:16px;line-height:1.5">${img}${
          inlineHtml(p, ' style="color:#0b5cad"')
        }</td></tr>`;
      }).join("\n");
      const social = brand && rng.chance(0.6)
        ? `<tr><td align="center"><a href="https://www.instagram.com/${
          brand.domain.split(".")[0]
        }"><img src="https://${brand.domain}/i/ig.png" width="24" alt="Instagram"></a> <a href="https://www.facebook.com/${
          brand.domain.split(".")[0]
        }"><img src="https://${brand.domain}/i/fb.png" width="24" alt="Facebook"></a></td></tr>`
        : "";
      const unsub = opts.unsubscribe
        ? `You are receiving this email because you subscribed to ${
          brandName || "our newsletter"
        }. <a href="${esc(opts.unsubscribe)}">${
          rng.pick([
            "Unsubscribe",
            "unsubscribe",
            "Manage preferences",
            "Unsubscribe or update your email preferences",
          ])
        }</a>`
        : "";
      html =
        `<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width"><title>${
          esc(subject)
        }</title></head><body style="margin:0;background:#eeeeee"><div style="display:none;max-height:0;overflow:hidden">${
          esc(pre)
        }&zwnj;&nbsp;&zwnj;&nbsp;</div><table role="presentation" width="100%"><tr><td align="center"><table role="presentation" width="600" style="background:#ffffff">${
          brand
            ? `<tr><td align="center" style="padding:20px"><a href="${
              esc(resolve("home"))
            }"><img src="https://${brand.domain}/logo.png" alt="${brandName}" width="160"></a></td></tr>`
            : ""
        }\n${blocks}\n${social}<tr><td style="padding:20px;font-size:12px;color:#777;font-family:Arial">${unsub}<br>${brandName} &middot; ${
          rng.pick([
            "123 Main Street, Portland, OR 97204",
            "Unit 4, Canal Wharf, Leeds LS11 5PS",
            "Rue de Rivoli 10, 75001 Paris",
            "Torstraße 1, 10119 Berlin",
          ])
        }</td></tr></table></td></tr></table>${
          opts.pixel ? `<img src="${esc(opts.pixel)}" width="1" height="1" border="0" alt="">` : ""
        }</body></html>`;
      break;
    }
    case "spam_html": {
      const color = rng.pick(["#FF0000", "#0000FF", "#008000", "#000080", "#800080"]);
      const blocks = paras.map((p) =>
        rng.chance(0.5)
          ? `<p align="center"><font face="Arial" size="${rng.range(2, 5)}" color="${color}"><b>${
            inlineHtml(p, "")
          }</b></font></p>`
          : `<p><font face="Verdana" size="2">${inlineHtml(p, "")}</font></p>`
      ).join("\n");
      const banner = rng.chance(0.5)
        ? `<center><a href="${esc(resolve("spam"))}"><img src="${
          esc(resolve("spam_img"))
        }" border="0" width="${rng.range(300, 600)}" height="${rng.range(150, 400)}"></a></center>`
        : "";
      const hidden = rng.chance(0.3)
        ? `<div style="display:none">${
          rng.pick([
            "the quick brown fox jumps",
            "random words news weather sports",
            "lorem ipsum dolor sit amet consectetur",
          ])
        }</div>`
        : "";
      html = `<html><body bgcolor="#FFFFFF">${banner}\n${blocks}${hidden}${
        opts.unsubscribe
          ? `<p><font size="1">To be removed from our mailing list <a href="${
            esc(opts.unsubscribe)
          }">click here</a>.</font></p>`
          : ""
      }</body></html>`;
      break;
    }
    case "old_html": {
      // HTML as it was written around 2000 (font tags, bgcolor, centred
      // tables), by legitimate senders and spammers alike, so that <font> alone
      // does not tell one from the other.
      const face = rng.pick(["Arial", "Verdana", "Times New Roman", "Tahoma", "Arial, Helvetica"]);
      const color = rng.pick(["#000000", "#000080", "#333333", "#003366", "#990000"]);
      const head = brand && rng.chance(0.7)
        ? `<tr><td bgcolor="${
          rng.pick(["#003366", "#CC0000", "#336699", "#006633", "#FFCC00"])
        }" align="center"><font face="${face}" size="5" color="#FFFFFF"><b>${brandName}</b></font></td></tr>`
        : "";
      const rows = paras.map((p) =>
        `<tr><td${rng.chance(0.2) ? ' align="center"' : ""}><font face="${face}" size="${
          rng.pick(["2", "2", "3", "-1"])
        }" color="${color}">${rng.chance(0.15) ? "<b>" : ""}${
          inlineHtml(p, "")
        }${""}</font></td></tr>`
      ).join("\n");
      const unsub = opts.unsubscribe
        ? `<tr><td><font face="${face}" size="1">${
          rng.pick([
            "To unsubscribe from this list",
            "If you no longer wish to receive these emails",
            "To be removed from our mailing list",
            "To change your subscription",
          ])
        }, <a href="${esc(opts.unsubscribe)}">click here</a>.</font></td></tr>`
        : "";
      html = `<html><head><title>${esc(subject)}</title></head><body bgcolor="#FFFFFF"${
        rng.chance(0.5) ? ' link="#0000FF" vlink="#800080"' : ""
      }><center><table width="${rng.pick(["600", "580", "100%", "468"])}" border="0" cellpadding="${
        rng.range(2, 8)
      }" cellspacing="0">${head}\n${rows}\n${unsub}</table></center>${
        opts.pixel ? `<img src="${esc(opts.pixel)}" width="1" height="1" border="0">` : ""
      }</body></html>`;
      break;
    }
    case "outlook": {
      // A desktop mail program's HTML part (Outlook Express and friends).
      const face = rng.pick(["Arial", "Times New Roman", "Verdana", "Tahoma"]);
      const size = rng.pick(["2", "2", "3"]);
      const lines = paras.map((p) =>
        `<DIV><FONT face=${face.includes(" ") ? `"${face}"` : face} size=${size}>${
          inlineHtml(p, "")
        }</FONT></DIV>\n<DIV>&nbsp;</DIV>`
      ).join("\n");
      html =
        `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">\n<HTML><HEAD>\n<META http-equiv=Content-Type content="text/html; charset=iso-8859-1">\n<META content="MSHTML 6.00.2800.1106" name=GENERATOR></HEAD>\n<BODY bgColor=#ffffff>\n${lines}</BODY></HTML>`;
      break;
    }
    case "phish": {
      const b = brand ?? { name: "Support", domain: "support.com" };
      const rows = paras.map((p) => {
        const onlyLink = p.length === 1 && p[0].kind === "link";
        if (onlyLink) {
          const l = p[0] as { label: string; href: string };
          return `<tr><td align="center" style="padding:20px"><a href="${
            esc(l.href)
          }" style="background:#0070ba;color:#ffffff;padding:14px 30px;border-radius:22px;font-weight:bold;text-decoration:none">${
            esc(l.label)
          }</a></td></tr>`;
        }
        return `<tr><td style="padding:8px 30px;font-family:Helvetica,Arial;font-size:15px;color:#2c2e2f">${
          inlineHtml(p, "")
        }</td></tr>`;
      }).join("\n");
      html =
        `<html><head><meta charset="utf-8"></head><body><table width="600" align="center" cellpadding="0" cellspacing="0" style="border:1px solid #ddd"><tr><td style="padding:20px 30px"><img src="${
          esc(resolve("phish_img"))
        }" alt="${
          esc(b.name)
        }" height="30"></td></tr>\n${rows}\n<tr><td style="padding:20px 30px;font-size:11px;color:#888">&copy; ${
          new Date(Date.UTC(2024, 0, 1)).getUTCFullYear()
        } ${esc(b.name)}. ${serviceFooter(rng, esc(b.name))}${
          rng.chance(0.4)
            ? ` <a href="https://www.${b.domain}/privacy">Privacy</a> | <a href="https://www.${b.domain}/help">Help</a>`
            : ""
        }</td></tr></table></body></html>`;
      break;
    }
  }
  return { subject, text: opts.withText ? text : null, html };
}
