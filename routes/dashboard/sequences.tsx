// deno-lint-ignore-file jsx-key -- hono/jsx renders `key` as an HTML attribute; a server-rendered list needs none.
/**
 * Sequences of the session's account with their steps (delay, template,
 * subject, on/off): create a sequence, edit its steps (a row per step and one
 * empty row to add; a row without a template is dropped), pause/resume. Each
 * change goes through the sequences capability's own checks (templates exist).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  listSequencesOfAccount,
  newSequence,
  patchSequence,
  readSequence,
  SequenceCreate,
  SequencePatch,
} from "../../domain/sequences/sequences.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, viewerOf } from "./sites.tsx";

const UNITS = [["days", 86400], ["hours", 3600], ["minutes", 60], ["seconds", 1]] as const;

/** A delay as a number and the largest unit that holds it exactly (so a resave changes nothing). */
function delayParts(seconds: number): { n: number; unit: string } {
  for (const [unit, size] of UNITS) {
    if (seconds % size === 0 && (seconds > 0 || unit === "minutes")) {
      return { n: seconds / size, unit };
    }
  }
  return { n: seconds, unit: "seconds" };
}

/** The steps a step form sent: rows `i` with a template, in order. */
export function stepsFromForm(f: Record<string, string>): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < 60 && `template_${i}` in f; i++) {
    const template = (f[`template_${i}`] ?? "").trim();
    if (!template) continue;
    const size = UNITS.find(([u]) => u === f[`unit_${i}`])?.[1] ?? 60;
    const n = Number(f[`delay_${i}`] || "0");
    out.push({
      delay_seconds: Number.isFinite(n) ? Math.round(n * size) : -1,
      template,
      subject: f[`subject_${i}`]?.trim() || null,
      enabled: f[`on_${i}`] === "on",
    });
  }
  return out;
}

type StepRow = {
  delay_seconds: number;
  template: string;
  subject: string | null;
  enabled: boolean;
};

function StepInputs(props: { i: number; step?: StepRow; seq: string }) {
  const { i, step } = props;
  const d = delayParts(step?.delay_seconds ?? 0);
  const id = (name: string) => `${props.seq}-${name}-${i}`;
  return (
    <fieldset class="step-row">
      <legend>{step ? `Step ${i + 1}` : "New step"}</legend>
      <label for={id("delay")}>
        After
        <input
          id={id("delay")}
          name={`delay_${i}`}
          type="number"
          min="0"
          step="any"
          value={String(d.n)}
        />
      </label>
      <label for={id("unit")}>
        Unit
        <select id={id("unit")} name={`unit_${i}`}>
          {UNITS.map(([u]) => <option value={u} selected={u === d.unit}>{u}</option>)}
        </select>
      </label>
      <label for={id("template")}>
        Template (slug or id)
        <input
          id={id("template")}
          name={`template_${i}`}
          maxlength={120}
          value={step?.template ?? ""}
        />
      </label>
      <label for={id("subject")}>
        Subject (empty: the template's)
        <input
          id={id("subject")}
          name={`subject_${i}`}
          maxlength={500}
          value={step?.subject ?? ""}
        />
      </label>
      <label for={id("on")}>
        <input
          id={id("on")}
          name={`on_${i}`}
          type="checkbox"
          checked={step ? step.enabled : true}
        />{" "}
        On
      </label>
    </fieldset>
  );
}

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
      <details>
        <summary>Edit steps</summary>
        <form method="post" action={`${base}/steps`}>
          <Csrf token={props.csrf} />
          {s.steps.map((st, i) => <StepInputs i={i} step={st} seq={s.id} />)}
          <StepInputs i={s.steps.length} seq={s.id} />
          <small>Clear a step's template to remove it.</small>
          <button type="submit">Save steps</button>
        </form>
      </details>
    </article>
  );
}

async function SequencesPage(props: { ctx: Ctx; c: Context<DashEnv>; error?: string }) {
  const s = props.c.get("session");
  const list = s.account_id ? await listSequencesOfAccount(props.ctx, s.account_id) : [];
  return (
    <Page title="Sequences" viewer={viewerOf(props.c)}>
      <h1>Sequences</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {!s.account_id && <p>Choose an account on the landing page first.</p>}
      {s.account_id && list.length === 0 && <p>No sequences yet.</p>}
      {list.map((q) => <Sequence s={q} csrf={s.csrf} />)}
      {s.account_id && (
        <details open={list.length === 0}>
          <summary>New sequence</summary>
          <form method="post" action="/dashboard/sequences">
            <Csrf token={s.csrf} />
            <label for="seq-name">Sequence name</label>
            <input id="seq-name" name="name" required maxlength={200} />
            <label for="seq-key">Key (what POST /api/v1/sequences/enroll names)</label>
            <input id="seq-key" name="key" required maxlength={80} />
            <button type="submit">Create sequence</button>
          </form>
        </details>
      )}
    </Page>
  );
}

export function sequenceRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sequences", (c) => c.html(<SequencesPage ctx={ctx} c={c} />));
  r.post("/dashboard/sequences", async (c) => {
    const s = c.get("session");
    if (!s.account_id) return c.redirect("/dashboard/", 303);
    const f = c.get("form");
    try {
      const input = parseOrThrow(SequenceCreate, { key: f.key ?? "", name: f.name ?? "" });
      const q = await newSequence(ctx, s.account_id, input);
      return c.redirect(`/dashboard/sequences#seq-${q.id}`, 303);
    } catch (e) {
      return c.html(<SequencesPage ctx={ctx} c={c} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sequences/:id/steps", async (c) => {
    const s = c.get("session");
    const id = c.req.param("id");
    const q = id.length <= 100 ? await readSequence(ctx, id) : null;
    if (!q || !s.account_id || q.account_id !== s.account_id) return notFound(c);
    try {
      const input = parseOrThrow(SequencePatch, { steps: stepsFromForm(c.get("form")) });
      await patchSequence(ctx, q.id, input);
      return c.redirect(`/dashboard/sequences#seq-${q.id}`, 303);
    } catch (e) {
      return c.html(<SequencesPage ctx={ctx} c={c} error={problem(e)} />, 400);
    }
  });
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
