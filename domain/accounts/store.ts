/** Accounts: own sites, hosted forms, templates and sequences; carry the monthly limits. */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listValues, sweepPrefix } from "../kernel/kv/kv.ts";

export type Account = {
  id: string;
  name: string;
  /** Relay-mode emails per UTC month; null = unlimited. */
  monthly_email_limit: number | null;
  /** Counted (non-spam) form submissions per UTC month; null = unlimited. */
  monthly_form_limit: number | null;
  created_at: string;
  updated_at: string;
};

export async function createAccount(kv: Deno.Kv, account: Account): Promise<Account> {
  await commit(
    kv.atomic().check({ key: keys.account(account.id), versionstamp: null })
      .set(keys.account(account.id), account),
    "create account",
  );
  return account;
}

export async function getAccount(kv: Deno.Kv, id: string): Promise<Account | null> {
  return (await kv.get<Account>(keys.account(id))).value;
}

export async function updateAccount(
  kv: Deno.Kv,
  id: string,
  change: (a: Account) => Account,
): Promise<Account | null> {
  const r = await kv.get<Account>(keys.account(id));
  if (!r.value) return null;
  const next = change(r.value);
  await commit(kv.atomic().check(r).set(keys.account(id), next), "update account");
  return next;
}

export function listAccounts(kv: Deno.Kv, limit = 100): Promise<Account[]> {
  return listValues<Account>(kv, { prefix: keys.accounts() }, { limit, reverse: true });
}

/**
 * Deletes the account record with `also` (its durable sweep) in one
 * operation; the account as it was, or null when there is none.
 */
export async function removeAccount(
  kv: Deno.Kv,
  id: string,
  also: (op: Deno.AtomicOperation) => void,
): Promise<Account | null> {
  for (;;) {
    const r = await kv.get<Account>(keys.account(id));
    if (!r.value) return null;
    const op = kv.atomic().check(r).delete(keys.account(id));
    also(op);
    if ((await op.commit()).ok) return r.value;
  }
}

/** One batch of deleting what is left under a deleted account's prefixes; 0 when done. */
export async function sweepAccountKeys(
  kv: Deno.Kv,
  accountId: string,
  limit: number,
): Promise<number> {
  for (const prefix of keys.accountKeyPrefixes(accountId)) {
    const n = await sweepPrefix(kv, prefix, limit);
    if (n > 0) return n;
  }
  const marks = await kv.get(keys.mailMarks(accountId));
  if (marks.versionstamp === null) return 0;
  await kv.delete(marks.key);
  return 1;
}
