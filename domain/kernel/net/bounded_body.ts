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
  /** Past the limit, read and discard up to this many more bytes (discardRest) instead of cancelling. */
  drain?: (reader: ReadableStreamDefaultReader<Uint8Array>) => Promise<void>,
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
        if (drain) {
          clearTimeout(timer);
          await drain(reader);
        } else await reader.cancel().catch(() => {});
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

/**
 * Reads and throws away the rest of a body, at most `max` more bytes, by
 * `deadline`: true when the body ended within them. A browser that is still
 * sending an oversized upload when the answer comes reads it only if the
 * connection is not reset under it, and closing with unread bytes resets it.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number,
  deadline?: number,
): Promise<boolean> {
  const timer = deadline === undefined
    ? undefined
    : setTimeout(() => reader.cancel().catch(() => {}), Math.max(0, deadline - Date.now()));
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return deadline === undefined || Date.now() <= deadline;
      size += value.length;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
