/**
 * A mail delivery worker (Web Worker): builds, DKIM-signs and sends messages
 * with its own nodemailer SMTP pool, so that this work stays off the thread
 * that serves HTTP. Started and fed by `WorkerSmtpTransport` (transport.ts).
 */
/// <reference lib="deno.worker" />
import { Buffer } from "node:buffer";
import {
  type OutgoingMessage,
  SmtpTransport,
  TransportError,
  type WorkerReply,
  type WorkerRequest,
} from "../domain/mail/transport.ts";

let transport: SmtpTransport | null = null;

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  if (m.type === "init") {
    transport = new SmtpTransport(m.url, m.poolSize);
    return;
  }
  for (const { id, msg } of m.batch) void send(id, msg);
};

async function send(id: number, msg: OutgoingMessage) {
  // Structured cloning turns Buffers into plain Uint8Arrays; MailComposer wants Buffers.
  msg.message.date = new Date(msg.message.date);
  for (const a of msg.message.attachments) {
    a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
  }
  let r: WorkerReply;
  try {
    r = { id, ok: true, result: await transport!.send(msg) };
  } catch (err) {
    const t = err instanceof TransportError ? err : new TransportError(String(err));
    r = { id, ok: false, error: t.message, permanent: t.permanent };
  }
  reply(r);
}

/** Replies of one turn go back in one message (each postMessage wakes the HTTP thread). */
let replies: WorkerReply[] = [];
function reply(r: WorkerReply) {
  if (replies.push(r) === 1) {
    queueMicrotask(() => {
      const batch = replies;
      replies = [];
      self.postMessage(batch);
    });
  }
}
