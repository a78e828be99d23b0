/**
 * Dashboard sign-in and sessions. A session is a random cookie token; KV keeps
 * only its SHA-256, with the user, the account it acts in and its CSRF token.
 * Sign-in attempts are counted before the password is checked (a right one
 * gives its count back), so that no password is hashed for a refused one:
 * - per client on one address: past 10 in 15 minutes that client is refused
 *   for that address until the window ends;
 * - per client: past 50 in 15 minutes it is refused everywhere;
 * - per address from every client: past 20 each further attempt waits a
 *   doubling spacing (1 s, 2 s, ... at most a minute). A backoff, never a
 *   lockout: a stranger who guesses wrong from many clients slows the guessing
 *   down but cannot keep the owner, on a client of their own, out for long.
 */
import type { Ctx } from "../kernel/context.ts";
import { constantTimeEqual, randomToken, sha256Hex } from "../kernel/crypto.ts";
import { normalizeEmail } from "../kernel/validation.ts";
import { readAccount } from "../accounts/accounts.ts";
import { spendHashTime, verifyPassword } from "./passwords.ts";
import * as store from "./store.ts";

export type Session = store.Session;

/** Sessions last twelve hours from sign-in. */
export const SESSION_TTL_MS = 12 * 3600_000;
/** Failures counted in one window. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one address from one client per window. */
export const MAX_FAILURES_PER_CLIENT_AND_EMAIL = 10;
/** Wrong passwords or tokens from one client address per window. */
export const MAX_FAILURES_PER_IP = 50;
/** Wrong passwords for one address from all clients before the backoff starts. */
export const FREE_FAILURES_PER_EMAIL = 20;
/** The backoff's first spacing and its cap. */
export const EMAIL_BACKOFF_BASE_MS = 1000;
export const EMAIL_BACKOFF_CAP_MS = 60_000;

export type SignInResult =
  | { ok: true; token: string; session: Session }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

type Subject = store.AttemptSubject;

/**
 * Counts this attempt against every subject before any password is hashed, in
 * one check-and-set (store.reserveAttempts): thirty concurrent guesses cannot
 * all slip under the limit. Seconds to wait when a subject is at its limit.
 */
async function reserve(ctx: Ctx, subjects: Subject[]): Promise<number> {
  const r = await store.reserveAttempts(ctx.kv, subjects, ctx.clock.now(), FAILURE_WINDOW_MS);
  return Math.ceil(r.waitMs / 1000);
}

/** One client on one address (a client of unknown address counts as one client). */
function pairOf(address: string, ip: string | null): string {
  return `${ip ?? "-"} ${address}`;
}

function subjectsOf(address: string | null, ip: string | null): Subject[] {
  const out: Subject[] = [];
  if (address) {
    const backoff = {
      free: FREE_FAILURES_PER_EMAIL,
      baseMs: EMAIL_BACKOFF_BASE_MS,
      capMs: EMAIL_BACKOFF_CAP_MS,
    };
    out.push({ kind: "email", subject: address, max: Infinity, backoff });
    out.push({
      kind: "pair",
      subject: pairOf(address, ip),
      max: MAX_FAILURES_PER_CLIENT_AND_EMAIL,
    });
  }
  if (ip) out.push({ kind: "ip", subject: ip, max: MAX_FAILURES_PER_IP });
  return out;
}

async function open(ctx: Ctx, s: Omit<Session, "csrf" | "expires_at">): Promise<SignInResult> {
  const token = randomToken(32);
  const session: Session = {
    ...s,
    csrf: randomToken(24),
    expires_at: ctx.clock.now() + SESSION_TTL_MS,
  };
  await store.putSession(ctx.kv, sha256Hex(token), session, SESSION_TTL_MS);
  return { ok: true, token, session };
}

/** Signs an account user in with address and password. */
export async function signIn(
  ctx: Ctx,
  input: { email: string; password: string; ip: string | null },
): Promise<SignInResult> {
  const address = normalizeEmail(input.email).slice(0, 320);
  const subjects = subjectsOf(address, input.ip);
  const wait = await reserve(ctx, subjects);
  if (wait > 0) return { ok: false, reason: "limited", retryAfterSeconds: wait };
  const password = input.password.slice(0, 200);
  const user = await store.getUserByEmail(ctx.kv, address);
  const right = user ? await verifyPassword(password, user.password_hash) : false;
  if (!user) await spendHashTime(password);
  if (!user || !right) return { ok: false, reason: "wrong" };
  await store.clearFailures(ctx.kv, "email", address);
  await store.clearFailures(ctx.kv, "pair", pairOf(address, input.ip));
  if (input.ip) await store.releaseAttempt(ctx.kv, "ip", input.ip, FAILURE_WINDOW_MS);
  return open(ctx, { user_id: user.id, account_id: user.account_id, email: user.email });
}

/** Signs the operator in with the operator token. */
export async function operatorSignIn(
  ctx: Ctx,
  input: { token: string; ip: string | null },
): Promise<SignInResult> {
  const subjects = subjectsOf(null, input.ip);
  const wait = await reserve(ctx, subjects);
  if (wait > 0) return { ok: false, reason: "limited", retryAfterSeconds: wait };
  if (!input.token || !constantTimeEqual(input.token, ctx.config.adminToken)) {
    return { ok: false, reason: "wrong" };
  }
  if (input.ip) await store.releaseAttempt(ctx.kv, "ip", input.ip, FAILURE_WINDOW_MS);
  return open(ctx, { user_id: null, account_id: null, email: null });
}

/** The live session a cookie token names, or null. A deleted user's sessions end with them. */
export async function readSession(ctx: Ctx, token: string | undefined): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const s = await store.getSession(ctx.kv, sha256Hex(token));
  if (!s || s.expires_at <= ctx.clock.now()) return null;
  if (s.user_id !== null) {
    const u = await store.getUser(ctx.kv, s.user_id);
    if (!u || u.account_id !== s.account_id) return null;
  }
  return s;
}

export async function signOut(ctx: Ctx, token: string | undefined): Promise<void> {
  if (token && token.length <= 100) await store.deleteSession(ctx.kv, sha256Hex(token));
}

/** The operator picks the account the dashboard shows; false when there is no such account. */
export async function switchAccount(
  ctx: Ctx,
  token: string,
  session: Session,
  accountId: string,
): Promise<boolean> {
  if (session.user_id !== null) return false;
  if (!(await readAccount(ctx, accountId))) return false;
  const ttl = session.expires_at - ctx.clock.now();
  if (ttl <= 0) return false;
  await store.putSession(ctx.kv, sha256Hex(token), { ...session, account_id: accountId }, ttl);
  return true;
}

/** The session's CSRF token matches the one a form sent. */
export function csrfMatches(session: Session, sent: string | undefined): boolean {
  return typeof sent === "string" && constantTimeEqual(sent, session.csrf);
}
