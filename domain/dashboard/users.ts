/**
 * Dashboard accounts' users and invitations: what the operator API creates,
 * lists and deletes, and what an invitation link turns into.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { ApiError, ConflictError } from "../kernel/errors.ts";
import { randomToken, sha256Hex } from "../kernel/crypto.ts";
import { email, normalizeEmail, str } from "../kernel/validation.ts";
import { readAccount } from "../accounts/accounts.ts";
import { hashPassword } from "./passwords.ts";
import * as store from "./store.ts";

/** Invitation links stay valid for seven days. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

export const Password = str(200, 12);
export const UserCreate = z.object({ email: email(), password: Password });
export const InvitationCreate = z.object({ email: email() });

export type UserView = { id: string; email: string; account_id: string; created_at: string };

function view(u: store.DashboardUser): UserView {
  return { id: u.id, email: u.email, account_id: u.account_id, created_at: u.created_at };
}

async function requireAccount(ctx: Ctx, accountId: string) {
  if (!(await readAccount(ctx, accountId))) {
    throw new ApiError("not_found", 404, { message: "account not found" });
  }
}

function taken(): ApiError {
  return new ApiError("conflict", 409, { message: "a user with this email already exists" });
}

export async function newUser(
  ctx: Ctx,
  accountId: string,
  input: z.output<typeof UserCreate>,
): Promise<UserView> {
  await requireAccount(ctx, accountId);
  const address = normalizeEmail(input.email);
  if (await store.getUserByEmail(ctx.kv, address)) throw taken();
  const u: store.DashboardUser = {
    id: uuidv7(ctx.clock.now()),
    account_id: accountId,
    email: address,
    password_hash: await hashPassword(input.password),
    created_at: isoTime(ctx.clock.now()),
  };
  try {
    await store.createUser(ctx.kv, u);
  } catch (e) {
    if (e instanceof ConflictError) throw taken();
    throw e;
  }
  return view(u);
}

export async function listUsers(ctx: Ctx, accountId: string): Promise<UserView[]> {
  await requireAccount(ctx, accountId);
  return (await store.listUsersOfAccount(ctx.kv, accountId)).map(view);
}

export async function removeUser(ctx: Ctx, accountId: string, userId: string): Promise<boolean> {
  const u = await store.getUser(ctx.kv, userId);
  if (!u || u.account_id !== accountId) return false;
  await store.deleteUser(ctx.kv, u);
  return true;
}

export type InvitationView = {
  id: string;
  account_id: string;
  email: string;
  created_at: string;
  expires_at: string;
};

function invitationView(i: store.Invitation): InvitationView {
  const { token_hash: _t, ...rest } = i;
  return rest;
}

/** Creates an invitation; its link (the token) is returned only here. */
export async function newInvitation(
  ctx: Ctx,
  accountId: string,
  input: z.output<typeof InvitationCreate>,
): Promise<InvitationView & { url: string }> {
  await requireAccount(ctx, accountId);
  const address = normalizeEmail(input.email);
  if (await store.getUserByEmail(ctx.kv, address)) throw taken();
  const token = randomToken(32);
  const now = ctx.clock.now();
  const inv: store.Invitation = {
    id: uuidv7(now),
    account_id: accountId,
    email: address,
    token_hash: sha256Hex(token),
    created_at: isoTime(now),
    expires_at: isoTime(now + INVITATION_TTL_MS),
  };
  await store.createInvitation(ctx.kv, inv, INVITATION_TTL_MS);
  const base = ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
  return { ...invitationView(inv), url: `${base}/dashboard/invitations/${token}` };
}

export async function listInvitations(ctx: Ctx, accountId: string): Promise<InvitationView[]> {
  await requireAccount(ctx, accountId);
  const now = ctx.clock.now();
  return (await store.listInvitationsOfAccount(ctx.kv, accountId))
    .filter((i) => Date.parse(i.expires_at) > now)
    .map(invitationView);
}

export async function removeInvitation(ctx: Ctx, accountId: string, id: string): Promise<boolean> {
  const inv = await store.getInvitation(ctx.kv, id);
  if (!inv || inv.account_id !== accountId) return false;
  await store.deleteInvitation(ctx.kv, inv);
  return true;
}

/** The open invitation a link's token names, or null (unknown, used or expired). */
export async function findInvitation(ctx: Ctx, token: string): Promise<InvitationView | null> {
  if (token.length > 100) return null;
  const inv = await store.getInvitationByHash(ctx.kv, sha256Hex(token));
  if (!inv || Date.parse(inv.expires_at) <= ctx.clock.now()) return null;
  return invitationView(inv);
}

/** Sets the invited user's password; the link works once. Null when it no longer works. */
export async function acceptInvitation(
  ctx: Ctx,
  token: string,
  password: string,
): Promise<UserView | null> {
  if (token.length > 100) return null;
  const inv = await store.getInvitationByHash(ctx.kv, sha256Hex(token));
  if (!inv || Date.parse(inv.expires_at) <= ctx.clock.now()) return null;
  const u: store.DashboardUser = {
    id: uuidv7(ctx.clock.now()),
    account_id: inv.account_id,
    email: inv.email,
    password_hash: await hashPassword(password),
    created_at: isoTime(ctx.clock.now()),
  };
  try {
    await store.acceptInvitation(ctx.kv, inv, u);
  } catch (e) {
    if (e instanceof ConflictError) return null;
    throw e;
  }
  return view(u);
}

/** The addresses of an account's dashboard users (none for a missing account). */
export async function userAddressesOfAccount(ctx: Ctx, accountId: string): Promise<string[]> {
  return (await store.listUsersOfAccount(ctx.kv, accountId)).map((u) => u.email);
}
