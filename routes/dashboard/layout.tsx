/** The dashboard's page frame: head with the local CSS and script, navigation, main. */
import type { Child } from "hono/jsx";

/** The dashboard's own CSP: scripts and styles from the service only, nothing inline. */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The template preview frame (its own response is sandboxed: templates.tsx).
  "frame-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export type Viewer = { label: string; csrf: string; operator: boolean } | null;

export function Page(props: { title: string; viewer: Viewer; children?: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="htmx-config" content='{"includeIndicatorStyles":false}' />
        <title>{props.title} · Dashboard</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/dashboard/assets/pico.min.css" />
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        <script src="/dashboard/assets/htmx.min.js" defer></script>
        <script src="/dashboard/assets/dashboard.js" defer></script>
      </head>
      <body>
        <header class="container">
          <nav>
            <ul>
              <li>
                <a href="/dashboard/">
                  <strong>Dashboard</strong>
                </a>
              </li>
            </ul>
            {props.viewer && (
              <ul>
                <li>
                  <a href="/dashboard/forms">Hosted forms</a>
                </li>
                <li>
                  <a href="/dashboard/templates">Templates</a>
                </li>
                <li>
                  <a href="/dashboard/sequences">Sequences</a>
                </li>
                <li>
                  <a href="/dashboard/usage" aria-label="Usage of the account">Usage</a>
                </li>
                <li>
                  <a href="/dashboard/team">Team</a>
                </li>
                <li>
                  <small>{props.viewer.label}</small>
                </li>
                <li>
                  <form method="post" action="/dashboard/sign-out" class="inline">
                    <Csrf token={props.viewer.csrf} />
                    <button type="submit" class="secondary outline">Sign out</button>
                  </form>
                </li>
              </ul>
            )}
          </nav>
        </header>
        <main class="container">{props.children}</main>
      </body>
    </html>
  );
}

export function Csrf(props: { token: string }) {
  return <input type="hidden" name="_csrf" value={props.token} />;
}

/** A secret shown once, with a copy button (dashboard.js; without script, select and copy). */
export function ShownOnce(props: { label: string; value: string; id: string }) {
  return (
    <article class="shown-once" aria-live="polite">
      <p>
        <strong>{props.label}</strong> (shown once: copy it now, it cannot be shown again)
      </p>
      <p>
        <code id={props.id}>{props.value}</code>
      </p>
      <button type="button" class="secondary" data-copy={props.id}>Copy</button>
    </article>
  );
}

export function Notice(props: { kind: "error" | "ok"; children?: Child }) {
  return (
    <p role={props.kind === "error" ? "alert" : "status"} class={`notice ${props.kind}`}>
      {props.children}
    </p>
  );
}
