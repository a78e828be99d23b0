/**
 * Dashboard users, invitations, sessions and sign-in failure tallies in KV.
 * Sessions, invitations and tallies carry a KV expiry as well as their own
 * `expires_at`, so a stale record is refused even before KV drops it.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listByIndex } from "../kernel/kv/kv.ts";

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

export type Failures = { count: number; since: number };

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

export async function getFailures(
  kv: Deno.Kv,
  kind: "email" | "ip",
  subject: string,
): Promise<Failures | null> {
  return (await kv.get<Failures>(keys.dashboardSignInFailures(kind, subject))).value;
}

export async function putFailures(
  kv: Deno.Kv,
  kind: "email" | "ip",
  subject: string,
  f: Failures,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.dashboardSignInFailures(kind, subject), f, { expireIn: ttlMs });
}

export async function clearFailures(kv: Deno.Kv, kind: "email" | "ip", subject: string) {
  await kv.delete(keys.dashboardSignInFailures(kind, subject));
}
