// The DIY peer: what a site owner would write instead of the service, for the
// bench's peer row (bench/lib/peer.ts). Fastify, better-sqlite3 with WAL and
// synchronous=FULL (every accepted submission on disk before the answer, as
// the service), nodemailer's SMTP pool to the same relay. No key check, spam
// judgement, limits, events or DKIM: the simplest honest endpoint.
//
//   node server.mjs <smtp port> [db file]     prints "port <n>" when listening
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import Fastify from "fastify";
import nodemailer from "nodemailer";

const smtpPort = Number(process.argv[2]);
const file = process.argv[3] ?? join(mkdtempSync(join(tmpdir(), "peer-")), "peer.db");
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec(`
  CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY, site TEXT NOT NULL, form_id INTEGER, fields TEXT NOT NULL,
    ip TEXT, user_agent TEXT, referrer TEXT, created_at TEXT NOT NULL,
    mail_status TEXT NOT NULL DEFAULT 'sending'
  );
  CREATE INDEX IF NOT EXISTS submissions_by_site ON submissions (site, id);
`);
const insert = db.prepare(
  `INSERT INTO submissions (site, form_id, fields, ip, user_agent, referrer, created_at)
   VALUES (?, ?, ?, ?, ?, ?, ?)`,
);
const outcome = db.prepare(`UPDATE submissions SET mail_status = ? WHERE id = ?`);

const mailer = nodemailer.createTransport({
  host: "127.0.0.1",
  port: smtpPort,
  secure: false,
  ignoreTLS: true,
  pool: true,
  maxConnections: 10,
  maxMessages: Infinity,
});

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s) => s.replace(/[&<>"']/g, (c) => ESC[c]);

const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
app.post("/api/v1/forms/submit", async (req, reply) => {
  const body = req.body;
  const fields = body?.fields;
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) {
    return reply.code(400).send({ ok: false, error: "invalid_payload" });
  }
  const lines = [];
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v !== "string" || v.length > 10_000) {
      return reply.code(400).send({ ok: false, error: "invalid_payload" });
    }
    lines.push([k, v]);
  }
  const site = String(req.headers["x-service-api-key"] ?? "");
  const visitor = body.visitor ?? {};
  const { lastInsertRowid: id } = insert.run(
    site,
    Number(body.form_id) || null,
    JSON.stringify(fields),
    typeof visitor.ip === "string" ? visitor.ip : null,
    typeof visitor.user_agent === "string" ? visitor.user_agent : null,
    typeof visitor.referrer === "string" ? visitor.referrer : null,
    new Date().toISOString(),
  );
  const replyTo = typeof fields.email === "string" && fields.email.includes("@")
    ? fields.email.replace(/[\r\n]/g, "")
    : undefined;
  let sent = false;
  try {
    await mailer.sendMail({
      from: "forms@relay.example.com",
      to: "owner@shop.example.com",
      replyTo,
      subject: `New submission: ${String(body.form_name ?? "form").replace(/[\r\n]/g, " ")}`,
      text: lines.map(([k, v]) => `${k}: ${v}`).join("\n"),
      html: `<table>${
        lines.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join("")
      }</table>`,
    });
    sent = true;
  } catch {
    sent = false;
  }
  outcome.run(sent ? "sent" : "failed", id);
  return { ok: true, id: String(id), email_sent: sent };
});

const address = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(`port ${new URL(address).port}`);
const stop = async () => {
  await app.close();
  mailer.close();
  db.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
