/**
 * Dashboard users, invitations, sessions and sign-in failure tallies in KV.
 * Sessions, invitations and tallies carry a KV expiry as well as their own
 * `expires_at`, so a stale record is refused even before KV drops it.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listByIndex, recordsOf, retryOnConflict, sweepPrefix } from "../kernel/kv/kv.ts";

export type DashboardUser = {
  id: string;
  account_id: string;
  /** Lowercase address; unique across the service. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (passwords.ts). */
  password_hash: string;
  created_at: string;
};

export type Invitation = {
  id: string;
  account_id: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
};

export type Session = {
  /** null: the operator (signed in with the operator token). */
  user_id: string | null;
  /** The account the session acts in; the operator may switch it (null: none chosen). */
  account_id: string | null;
  email: string | null;
  csrf: string;
  expires_at: number;
};

/** Attempts in a window that began at `since`; `last`: when the latest one was counted. */
export type Failures = { count: number; since: number; last?: number };

export type AttemptKind = "email" | "ip" | "pair";

/**
 * What one subject allows per window: `max` attempts, then none until the
 * window ends (a lockout); or, with `backoff`, `free` attempts and then each
 * one at least `baseMs * 2^(n - free)` (at most `capMs`) after the one before.
 */
export type AttemptSubject = {
  kind: AttemptKind;
  subject: string;
  max: number;
  backoff?: { free: number; baseMs: number; capMs: number };
};

export async function createUser(kv: Deno.Kv, u: DashboardUser): Promise<void> {
  await commit(
    kv.atomic()
      .check({ key: keys.dashboardUserByEmail(u.email), versionstamp: null })
      .set(keys.dashboardUser(u.id), u)
      .set(keys.dashboardUserByEmail(u.email), u.id)
      .set(keys.dashboardUserByAccount(u.account_id, u.id), u.id),
    "dashboard user",
  );
}

export async function getUser(kv: Deno.Kv, id: string): Promise<DashboardUser | null> {
  return (await kv.get<DashboardUser>(keys.dashboardUser(id))).value;
}

export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<DashboardUser | null> {
  const id = (await kv.get<string>(keys.dashboardUserByEmail(email))).value;
  return id ? await getUser(kv, id) : null;
}

export function listUsersOfAccount(kv: Deno.Kv, accountId: string): Promise<DashboardUser[]> {
  return listByIndex<DashboardUser>(
    kv,
    keys.dashboardUsersByAccount(accountId),
    keys.dashboardUser,
  );
}

export async function deleteUser(kv: Deno.Kv, u: DashboardUser): Promise<void> {
  await kv.atomic()
    .delete(keys.dashboardUser(u.id))
    .delete(keys.dashboardUserByEmail(u.email))
    .delete(keys.dashboardUserByAccount(u.account_id, u.id))
    .commit();
}

export async function createInvitation(kv: Deno.Kv, inv: Invitation, ttlMs: number) {
  const o = { expireIn: ttlMs };
  await commit(
    kv.atomic()
      .set(keys.dashboardInvitation(inv.id), inv, o)
      .set(keys.dashboardInvitationByHash(inv.token_hash), inv.id, o)
      .set(keys.dashboardInvitationByAccount(inv.account_id, inv.id), inv.id, o),
    "invitation",
  );
}

export async function getInvitation(kv: Deno.Kv, id: string): Promise<Invitation | null> {
  return (await kv.get<Invitation>(keys.dashboardInvitation(id))).value;
}

export async function getInvitationByHash(kv: Deno.Kv, hash: string): Promise<Invitation | null> {
  const id = (await kv.get<string>(keys.dashboardInvitationByHash(hash))).value;
  return id ? await getInvitation(kv, id) : null;
}

export function listInvitationsOfAccount(kv: Deno.Kv, accountId: string): Promise<Invitation[]> {
  return listByIndex<Invitation>(
    kv,
    keys.dashboardInvitationsByAccount(accountId),
    keys.dashboardInvitation,
  );
}

export async function deleteInvitation(kv: Deno.Kv, inv: Invitation): Promise<void> {
  await kv.atomic()
    .delete(keys.dashboardInvitation(inv.id))
    .delete(keys.dashboardInvitationByHash(inv.token_hash))
    .delete(keys.dashboardInvitationByAccount(inv.account_id, inv.id))
    .commit();
}

/** Turns an invitation into a user in one step: the invitation can be used once. */
export async function acceptInvitation(
  kv: Deno.Kv,
  inv: Invitation,
  u: DashboardUser,
): Promise<void> {
  await commit(
    kv.atomic()
      .check({ key: keys.dashboardUserByEmail(u.email), versionstamp: null })
      .delete(keys.dashboardInvitation(inv.id))
      .delete(keys.dashboardInvitationByHash(inv.token_hash))
      .delete(keys.dashboardInvitationByAccount(inv.account_id, inv.id))
      .set(keys.dashboardUser(u.id), u)
      .set(keys.dashboardUserByEmail(u.email), u.id)
      .set(keys.dashboardUserByAccount(u.account_id, u.id), u.id),
    "dashboard user",
  );
}

export async function putSession(kv: Deno.Kv, hash: string, s: Session, ttlMs: number) {
  await kv.set(keys.dashboardSession(hash), s, { expireIn: ttlMs });
}

export async function getSession(kv: Deno.Kv, hash: string): Promise<Session | null> {
  return (await kv.get<Session>(keys.dashboardSession(hash))).value;
}

export async function deleteSession(kv: Deno.Kv, hash: string): Promise<void> {
  await kv.delete(keys.dashboardSession(hash));
}

/** What `reserveAttempts` decided: 0 when every subject had room (and was counted). */
export type Reservation = { waitMs: number };

/**
 * Counts one attempt for every subject in one check-and-set, unless one of them
 * is already at its limit in the window (then nothing is written and the wait
 * until its window ends is returned). Concurrent attempts cannot both take the
 * last unit: each checks the versionstamps it read, and a loser reads again.
 */
export function reserveAttempts(
  kv: Deno.Kv,
  subjects: AttemptSubject[],
  now: number,
  windowMs: number,
): Promise<Reservation> {
  return retryOnConflict(async () => {
    const ks = subjects.map((s) => keys.dashboardSignInFailures(s.kind, s.subject));
    const entries = ks.length ? await kv.getMany<Failures[]>(ks) : [];
    let waitMs = 0;
    const next: Failures[] = [];
    entries.forEach((e, i) => {
      const f = e.value && now - e.value.since < windowMs ? e.value : null;
      const { max, backoff } = subjects[i];
      if (f && f.count >= max) {
        waitMs = Math.max(waitMs, f.since + windowMs - now);
      } else if (f && backoff && f.count >= backoff.free) {
        const spacing = Math.min(backoff.capMs, backoff.baseMs * 2 ** (f.count - backoff.free));
        const at = (f.last ?? f.since) + spacing;
        if (now < at) waitMs = Math.max(waitMs, at - now);
      }
      next.push(
        f ? { count: f.count + 1, since: f.since, last: now } : { count: 1, since: now, last: now },
      );
    });
    if (waitMs > 0) return { waitMs };
    const op = kv.atomic();
    entries.forEach((e, i) => {
      op.check({ key: e.key, versionstamp: e.versionstamp })
        .set(e.key, next[i], { expireIn: windowMs });
    });
    await commit(op, "sign-in attempts");
    return { waitMs: 0 };
  });
}

/** Gives back one reserved attempt (a sign-in that succeeded), in a check-and-set. */
export function releaseAttempt(
  kv: Deno.Kv,
  kind: AttemptKind,
  subject: string,
  windowMs: number,
): Promise<void> {
  return retryOnConflict(async () => {
    const e = await kv.get<Failures>(keys.dashboardSignInFailures(kind, subject));
    if (!e.value) return;
    const op = kv.atomic().check({ key: e.key, versionstamp: e.versionstamp });
    if (e.value.count <= 1) op.delete(e.key);
    else op.set(e.key, { ...e.value, count: e.value.count - 1 }, { expireIn: windowMs });
    await commit(op, "sign-in attempts");
  });
}

export async function clearFailures(kv: Deno.Kv, kind: AttemptKind, subject: string) {
  await kv.delete(keys.dashboardSignInFailures(kind, subject));
}

/**
 * One batch of deleting a deleted account's users and invitations (with their
 * lookups; a session whose user is gone is refused); 0 when done.
 */
export async function sweepUsersOfAccount(
  kv: Deno.Kv,
  accountId: string,
  limit: number,
): Promise<number> {
  const users = await sweepPrefix(
    kv,
    keys.dashboardUsersByAccount(accountId),
    limit,
    async (entries) => {
      const us = await recordsOf<DashboardUser>(kv, entries, keys.dashboardUser);
      return us.map((u, i) =>
        u
          ? [entries[i].key, keys.dashboardUser(u.id), keys.dashboardUserByEmail(u.email)]
          : [entries[i].key]
      );
    },
  );
  if (users > 0) return users;
  return await sweepPrefix(
    kv,
    keys.dashboardInvitationsByAccount(accountId),
    limit,
    async (entries) => {
      const is = await recordsOf<Invitation>(kv, entries, keys.dashboardInvitation);
      return is.map((inv, i) =>
        inv
          ? [
            entries[i].key,
            keys.dashboardInvitation(inv.id),
            keys.dashboardInvitationByHash(inv.token_hash),
          ]
          : [entries[i].key]
      );
    },
  );
}
