/** Sign-in (account users and the operator), invitation links and sign-out. */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  operatorSignIn,
  SESSION_TTL_MS,
  signIn,
  type SignInResult,
  signOut,
} from "../../domain/dashboard/sessions.ts";
import { acceptInvitation, findInvitation } from "../../domain/dashboard/users.ts";
import { clientAddress } from "../conn.ts";
import { Notice, Page } from "./layout.tsx";
import {
  clearSessionCookie,
  type DashEnv,
  formBody,
  sameOrigin,
  sessionToken,
  setSessionCookie,
} from "./session.ts";

function SignInPage(props: { error?: string; email?: string }) {
  return (
    <Page title="Sign in" viewer={null}>
      <article class="narrow">
        <h1>Sign in</h1>
        {props.error && <Notice kind="error">{props.error}</Notice>}
        <form method="post" action="/dashboard/sign-in">
          <label for="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value={props.email ?? ""}
          />
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
          <button type="submit">Sign in</button>
        </form>
        <p>
          <a href="/dashboard/operator">Operator? Sign in with the operator token</a>
        </p>
      </article>
    </Page>
  );
}

function OperatorPage(props: { error?: string }) {
  return (
    <Page title="Operator sign-in" viewer={null}>
      <article class="narrow">
        <h1>Operator sign-in</h1>
        {props.error && <Notice kind="error">{props.error}</Notice>}
        <form method="post" action="/dashboard/operator">
          <label for="token">Operator token</label>
          <input id="token" name="token" type="password" autocomplete="off" required />
          <button type="submit">Sign in</button>
        </form>
        <p>
          <a href="/dashboard/">Sign in with email and password</a>
        </p>
      </article>
    </Page>
  );
}

function InvitationPage(props: { email: string; error?: string }) {
  return (
    <Page title="Set your password" viewer={null}>
      <article class="narrow">
        <h1>Set your password</h1>
        <p>
          You were invited as{" "}
          <strong>{props.email}</strong>. Choose a password of at least 12 characters.
        </p>
        {props.error && <Notice kind="error">{props.error}</Notice>}
        <form method="post">
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            minlength={12}
            maxlength={200}
            required
          />
          <button type="submit">Set password</button>
        </form>
      </article>
    </Page>
  );
}

function forbidden(c: Context) {
  return c.html("<!doctype html><title>Forbidden</title><p>Forbidden.</p>", 403);
}

function tooMany(c: Context, seconds: number) {
  c.header("Retry-After", String(seconds));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

function finish(ctx: Ctx, c: Context, r: Extract<SignInResult, { ok: true }>) {
  setSessionCookie(ctx, c, r.token, SESSION_TTL_MS);
  return c.redirect("/dashboard/", 303);
}

export function signInRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/operator", (c) => c.html(<OperatorPage />));
  r.post("/dashboard/sign-in", async (c) => {
    if (!sameOrigin(ctx, c)) return forbidden(c);
    const f = await formBody(c);
    const email = (f.email ?? "").slice(0, 320);
    const res = await signIn(ctx, { email, password: f.password ?? "", ip: clientAddress(c) });
    if (res.ok) return finish(ctx, c, res);
    if (res.reason === "limited") {
      return c.html(<SignInPage email={email} error={tooMany(c, res.retryAfterSeconds)} />, 429);
    }
    return c.html(<SignInPage email={email} error="Wrong email or password." />, 401);
  });
  r.post("/dashboard/operator", async (c) => {
    if (!sameOrigin(ctx, c)) return forbidden(c);
    const f = await formBody(c);
    const res = await operatorSignIn(ctx, { token: f.token ?? "", ip: clientAddress(c) });
    if (res.ok) return finish(ctx, c, res);
    if (res.reason === "limited") {
      return c.html(<OperatorPage error={tooMany(c, res.retryAfterSeconds)} />, 429);
    }
    return c.html(<OperatorPage error="Wrong operator token." />, 401);
  });
  r.post("/dashboard/sign-out", async (c) => {
    if (!sameOrigin(ctx, c)) return forbidden(c);
    await signOut(ctx, sessionToken(c));
    clearSessionCookie(c);
    return c.redirect("/dashboard/", 303);
  });
  r.get("/dashboard/invitations/:token", async (c) => {
    const inv = await findInvitation(ctx, c.req.param("token"));
    if (!inv) return c.html(<GonePage />, 404);
    return c.html(<InvitationPage email={inv.email} />);
  });
  r.post("/dashboard/invitations/:token", async (c) => {
    if (!sameOrigin(ctx, c)) return forbidden(c);
    const token = c.req.param("token");
    const inv = await findInvitation(ctx, token);
    if (!inv) return c.html(<GonePage />, 404);
    const password = (await formBody(c)).password ?? "";
    if ([...password].length < 12 || [...password].length > 200) {
      return c.html(
        <InvitationPage email={inv.email} error="The password needs 12 to 200 characters." />,
        400,
      );
    }
    const user = await acceptInvitation(ctx, token, password);
    if (!user) return c.html(<GonePage />, 404);
    const res = await signIn(ctx, { email: user.email, password, ip: clientAddress(c) });
    if (res.ok) return finish(ctx, c, res);
    return c.redirect("/dashboard/", 303);
  });
  return r;
}

function GonePage() {
  return (
    <Page title="Invitation" viewer={null}>
      <h1>This invitation link no longer works</h1>
      <p>It was used already or has expired. Ask for a new one.</p>
    </Page>
  );
}

export { SignInPage };
