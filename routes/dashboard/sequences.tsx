// deno-lint-ignore-file jsx-key -- hono/jsx renders `key` as an HTML attribute; a server-rendered list needs none.
/**
 * Sequences of the session's account with their steps (delay, template,
 * subject, on/off), and pause/resume of a whole sequence. Sequences and their
 * steps are written through the operator API for now
 * (POST /admin/api/v1/accounts/{id}/sequences, PATCH /admin/api/v1/sequences/{id}).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  listSequencesOfAccount,
  patchSequence,
  readSequence,
} from "../../domain/sequences/sequences.ts";
import { Csrf, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, viewerOf } from "./sites.tsx";

type Seq = Awaited<ReturnType<typeof listSequencesOfAccount>>[number];

/** "2 days 3 h", "45 min", "at once". */
export function delayText(seconds: number): string {
  if (seconds === 0) return "at once";
  const parts: string[] = [];
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d) parts.push(`${d} day${d === 1 ? "" : "s"}`);
  if (h) parts.push(`${h} h`);
  if (m) parts.push(`${m} min`);
  if (s) parts.push(`${s} s`);
  return parts.join(" ");
}

function Sequence(props: { s: Seq; csrf: string }) {
  const { s } = props;
  const base = `/dashboard/sequences/${s.id}`;
  return (
    <article id={`seq-${s.id}`}>
      <header class="actions">
        <strong>{s.name}</strong> <code>{s.key}</code>
        <span>{s.enabled ? "running" : "paused"}</span>
        <form method="post" action={`${base}/${s.enabled ? "pause" : "resume"}`}>
          <Csrf token={props.csrf} />
          <button type="submit" class="secondary outline">{s.enabled ? "Pause" : "Resume"}</button>
        </form>
      </header>
      {s.steps.length === 0 ? <p>No steps.</p> : (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">After</th>
                <th scope="col">Template</th>
                <th scope="col">Subject</th>
                <th scope="col">On</th>
              </tr>
            </thead>
            <tbody>
              {s.steps.map((st, i) => (
                <tr>
                  <td>{i + 1}</td>
                  <td>{delayText(st.delay_seconds)}</td>
                  <td>
                    <code>{st.template}</code>
                  </td>
                  <td class="wrap">{st.subject ?? <em>the template's</em>}</td>
                  <td>{st.enabled ? "yes" : "no"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

async function SequencesPage(props: { ctx: Ctx; c: Context<DashEnv> }) {
  const s = props.c.get("session");
  const list = s.account_id ? await listSequencesOfAccount(props.ctx, s.account_id) : [];
  return (
    <Page title="Sequences" viewer={viewerOf(props.c)}>
      <h1>Sequences</h1>
      {!s.account_id && <p>Choose an account on the landing page first.</p>}
      {s.account_id && list.length === 0 && (
        <p>
          No sequences yet. The operator creates them (
          <code>POST /admin/api/v1/accounts/{"{id}"}/sequences</code>).
        </p>
      )}
      {list.map((q) => <Sequence s={q} csrf={s.csrf} />)}
    </Page>
  );
}

export function sequenceRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sequences", (c) => c.html(<SequencesPage ctx={ctx} c={c} />));
  for (const [path, enabled] of [["pause", false], ["resume", true]] as const) {
    r.post(`/dashboard/sequences/:id/${path}`, async (c) => {
      const s = c.get("session");
      const id = c.req.param("id");
      const q = id.length <= 100 ? await readSequence(ctx, id) : null;
      if (!q || !s.account_id || q.account_id !== s.account_id) return notFound(c);
      await patchSequence(ctx, q.id, { enabled });
      return c.redirect(`/dashboard/sequences#seq-${q.id}`, 303);
    });
  }
  return r;
}
