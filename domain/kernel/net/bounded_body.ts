/**
 * Reads an HTTP body (request or response) up to a size limit, so that a
 * client or a remote server cannot make us buffer without end, and optionally
 * by a deadline, so that one cannot hold a request open by sending slowly.
 */

/** The body did not arrive completely by the deadline (the rest was not read). */
export class BodyTimeoutError extends Error {
  constructor() {
    super("the body did not arrive in time");
    this.name = "BodyTimeoutError";
  }
}

/**
 * The body's bytes, or null when it is larger than `limit` (the rest is not
 * read). Throws BodyTimeoutError when `deadline` (a `Date.now()` value) passes
 * before the last byte arrived.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  deadline?: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  let timedOut = false;
  // One timer for the whole body: cancelling ends the pending read (done: true).
  const timer = deadline === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => {});
  }, Math.max(0, deadline - Date.now()));
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) throw new BodyTimeoutError();
      if (done) break;
      size += value.length;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return null;
      }
      parts.push(value);
    }
  } catch (e) {
    if (timedOut) throw new BodyTimeoutError();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
