/**
 * The account's people: its users and open invitations. A user (or the
 * operator, in the account chosen) invites by address: the link is shown once
 * (the operator API answers the same, POST /admin/api/v1/accounts/{id}/invitations)
 * and sets the password. Invitations can be withdrawn, other users removed
 * (their sessions end at once); nobody removes themselves here.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  InvitationCreate,
  listInvitations,
  listUsers,
  newInvitation,
  removeInvitation,
  removeUser,
} from "../../domain/dashboard/users.ts";
import { Csrf, Notice, Page, ShownOnce } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, viewerOf } from "./sites.tsx";

async function TeamPage(props: {
  ctx: Ctx;
  c: Context<DashEnv>;
  link?: { email: string; url: string };
  error?: string;
}) {
  const s = props.c.get("session");
  if (!s.account_id) {
    return (
      <Page title="Team" viewer={viewerOf(props.c)}>
        <h1>Team</h1>
        <p>Choose an account on the landing page first.</p>
      </Page>
    );
  }
  const [users, invitations] = await Promise.all([
    listUsers(props.ctx, s.account_id),
    listInvitations(props.ctx, s.account_id),
  ]);
  return (
    <Page title="Team" viewer={viewerOf(props.c)}>
      <h1>Team</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.link && (
        <ShownOnce
          id="invite-link"
          label={`Invitation link for ${props.link.email} (valid for seven days, works once)`}
          value={props.link.url}
        />
      )}
      <h2>Users</h2>
      <ul>
        {users.map((u) => (
          <li class="actions">
            <span>{u.email}</span>
            {u.id === s.user_id
              ? <small>(you)</small>
              : (
                <form method="post" action={`/dashboard/team/users/${u.id}/remove`}>
                  <Csrf token={s.csrf} />
                  <button type="submit" class="secondary outline" aria-label={`Remove ${u.email}`}>
                    Remove
                  </button>
                </form>
              )}
          </li>
        ))}
      </ul>
      <h2>Open invitations</h2>
      {invitations.length === 0 ? <p>None.</p> : (
        <ul>
          {invitations.map((i) => (
            <li class="actions">
              <span>
                {i.email} <small>until {i.expires_at.slice(0, 10)}</small>
              </span>
              <form method="post" action={`/dashboard/team/invitations/${i.id}/remove`}>
                <Csrf token={s.csrf} />
                <button
                  type="submit"
                  class="secondary outline"
                  aria-label={`Withdraw the invitation of ${i.email}`}
                >
                  Withdraw
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action="/dashboard/team/invitations">
        <Csrf token={s.csrf} />
        <label for="inv-email">Invite by email</label>
        <input id="inv-email" name="email" type="email" required maxlength={320} />
        <button type="submit">Create invitation link</button>
      </form>
    </Page>
  );
}

export function teamRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/team", (c) => c.html(<TeamPage ctx={ctx} c={c} />));
  r.post("/dashboard/team/invitations", async (c) => {
    const s = c.get("session");
    if (!s.account_id) return c.redirect("/dashboard/", 303);
    try {
      const input = parseOrThrow(InvitationCreate, { email: c.get("form").email ?? "" });
      const inv = await newInvitation(ctx, s.account_id, input);
      c.header("Cache-Control", "no-store");
      return c.html(<TeamPage ctx={ctx} c={c} link={inv} />, 201);
    } catch (e) {
      return c.html(<TeamPage ctx={ctx} c={c} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/team/invitations/:inv/remove", async (c) => {
    const s = c.get("session");
    const id = c.req.param("inv").slice(0, 100);
    if (!s.account_id || !(await removeInvitation(ctx, s.account_id, id))) return notFound(c);
    return c.redirect("/dashboard/team", 303);
  });
  r.post("/dashboard/team/users/:user/remove", async (c) => {
    const s = c.get("session");
    const id = c.req.param("user").slice(0, 100);
    if (!s.account_id || id === s.user_id) return notFound(c);
    if (!(await removeUser(ctx, s.account_id, id))) return notFound(c);
    return c.redirect("/dashboard/team", 303);
  });
  return r;
}
