/**
 * Hosted forms of the session's account: the list, creation, and the builder
 * (add, reorder and remove fields; settings; archive and restore; a preview
 * and the embed snippets: form_parts.tsx). Each step ends in a confirmation.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  FormCreate,
  FormPatch,
  listHostedFormsOfAccount,
  newHostedForm,
  patchHostedForm,
  setArchived,
} from "../../domain/forms/hosted.ts";
import {
  addField,
  fieldFromForm,
  formOfSession,
  type HostedForm,
  type LOOK_SETTING_VALUES,
  moveField,
  removeField,
  replaceField,
} from "../../domain/dashboard/forms.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import { ChoiceSetting, Embed, FieldInputs, Preview } from "./form_parts.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, viewerOf } from "./sites.tsx";

async function FormsPage(props: { ctx: Ctx; c: Context<DashEnv>; error?: string }) {
  const s = props.c.get("session");
  const forms = s.account_id ? (await listHostedFormsOfAccount(props.ctx, s.account_id)) ?? [] : [];
  return (
    <Page title="Hosted forms" viewer={viewerOf(props.c)}>
      <h1>Hosted forms</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {forms.length === 0 ? <p>No hosted forms yet.</p> : (
        <ul>
          {forms.map((f) => (
            <li>
              <a href={`/dashboard/forms/${f.id}`}>{f.name}</a> <code>{f.slug}</code>
              {f.archived ? " (archived)" : ""}
            </li>
          ))}
        </ul>
      )}
      {s.account_id && (
        <form method="post" action="/dashboard/forms">
          <Csrf token={s.csrf} />
          <label for="form-name">Form name</label>
          <input id="form-name" name="name" required maxlength={200} />
          <label for="form-slug">Slug</label>
          <input id="form-slug" name="slug" required pattern="[a-z0-9\-]+" maxlength={100} />
          <button type="submit">Create form</button>
        </form>
      )}
    </Page>
  );
}

/** The settings keys the builder shows as text inputs: key, label, max length, input type. */
const TEXT_SETTINGS = [
  ["notify_email", "Notification email (this form)", 320, "email"],
  ["from_name", "From name of its emails", 120, "text"],
  ["brand_color", "Brand colour (#rrggbb)", 9, "text"],
] as const;

/**
 * The look settings, offered as choices: their values come from the schema
 * (LOOK_SETTING_VALUES), the empty choice is the renderer's default.
 */
const CHOICE_SETTINGS = [
  ["radius_preset", "Corner radius preset", "default (slightly rounded)"],
  ["button_align", "Button alignment", "default (left)"],
  ["field_tone", "Field tone", "default (outlined)"],
] as const satisfies readonly (readonly [keyof typeof LOOK_SETTING_VALUES, string, string])[];

/** Every settings key the builder edits as a string: emptied, it is left out. */
const STRING_SETTINGS = [...TEXT_SETTINGS, ...CHOICE_SETTINGS].map(([k]) => k);

/** What each builder step's confirmation says (the `done` query names the step). */
const DONE: Record<string, string> = {
  added: "Field added.",
  field: "Field saved.",
  removed: "Field removed.",
  moved: "Field moved.",
  identity: "Name and slug saved.",
  settings: "Form settings saved.",
  archived: "Form archived: sites now get 410 form_archived for it.",
  restored: "Form restored.",
};

function BuilderPage(
  props: { c: Context<DashEnv>; form: HostedForm; error?: string; done?: string },
) {
  const { form } = props;
  const csrf = props.c.get("session").csrf;
  const base = `/dashboard/forms/${form.id}`;
  /** A one-button form; `name` is the accessible name when the visible text is short. */
  const post = (action: string, text: string, cls = "secondary", name?: string) => (
    <form method="post" action={`${base}/${action}`}>
      <Csrf token={csrf} />
      <button type="submit" class={cls} aria-label={name}>{text}</button>
    </form>
  );
  return (
    <Page title={`Form · ${form.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>{form.name}</h1>
        <p>
          slug <code>{form.slug}</code> · {form.archived ? "archived" : "live"} ·{" "}
          <a href="/dashboard/forms">all forms</a>
        </p>
      </hgroup>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.done && Object.hasOwn(DONE, props.done) && (
        <Notice kind="ok">{DONE[props.done]}</Notice>
      )}
      <div class="grid">
        <section>
          <h2>Fields</h2>
          {form.fields.length === 0 ? <p>No fields yet.</p> : (
            // A list, not a table: each field's buttons wrap under it on a narrow
            // screen instead of being cut off at the table's edge.
            <ol class="field-list">
              {form.fields.map((f, i) => (
                <li>
                  <span class="field-facts">
                    <strong>{f.label}</strong>
                    {f.required ? " *" : ""} <code>{f.name}</code> <small>{f.type}</small>
                  </span>
                  <span class="actions">
                    {i > 0 && post(`fields/${i}/up`, "Up", "secondary", `Move ${f.label} up`)}
                    {i < form.fields.length - 1 &&
                      post(`fields/${i}/down`, "Down", "secondary", `Move ${f.label} down`)}
                    {post(`fields/${i}/remove`, "Remove", "contrast", `Remove ${f.label}`)}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <details open={form.fields.length === 0}>
            <summary>Add a field</summary>
            <form method="post" action={`${base}/fields`}>
              <Csrf token={csrf} />
              <FieldInputs p="f" />
              <button type="submit">Add field</button>
            </form>
          </details>
          {form.fields.map((f, i) => (
            <details class="field-edit">
              <summary>Edit “{f.label}”</summary>
              <form method="post" action={`${base}/fields/${i}`}>
                <Csrf token={csrf} />
                <FieldInputs p={`e${i}`} field={f} />
                <button type="submit">Save field</button>
              </form>
            </details>
          ))}
          <h2>Name and slug</h2>
          <form method="post" action={`${base}/identity`}>
            <Csrf token={csrf} />
            <label for="i-name">Form name</label>
            <input id="i-name" name="name" required maxlength={200} value={form.name} />
            <label for="i-slug">Form slug</label>
            <input
              id="i-slug"
              name="slug"
              required
              maxlength={100}
              pattern="[a-z0-9\-]+"
              value={form.slug}
              aria-describedby="i-slug-help"
            />
            <small id="i-slug-help">
              Sites fetch the form by its slug: a new slug stops the old one working.
            </small>
            <button type="submit" class="secondary">Save name and slug</button>
          </form>
          <h2>Settings</h2>
          <form method="post" action={`${base}/settings`}>
            <Csrf token={csrf} />
            <label for="s-submit">Submit button label</label>
            <input
              id="s-submit"
              name="submit_label"
              maxlength={100}
              value={form.settings.submit_label ?? ""}
            />
            <label for="s-success">Success message</label>
            <input
              id="s-success"
              name="success_message"
              maxlength={2000}
              value={form.settings.success_message ?? ""}
            />
            <details>
              <summary>Notification and look</summary>
              {TEXT_SETTINGS.map(([k, label, max, type]) => (
                <>
                  <label for={`s-${k}`}>{label}</label>
                  <input
                    id={`s-${k}`}
                    name={k}
                    type={type}
                    maxlength={max}
                    value={String(form.settings[k] ?? "")}
                  />
                </>
              ))}
              {CHOICE_SETTINGS.map(([k, label, none]) => (
                <ChoiceSetting k={k} label={label} none={none} value={form.settings[k]} />
              ))}
              <label for="s-card_wrap">
                <input
                  id="s-card_wrap"
                  name="card_wrap"
                  type="checkbox"
                  role="switch"
                  checked={form.settings.card_wrap === true || form.settings.card_wrap === "true"}
                />{" "}
                Wrap the form in a card
              </label>
            </details>
            <button type="submit">Save form settings</button>
          </form>
          <div class="actions">
            {form.archived ? post("restore", "Restore form") : post("archive", "Archive form")}
          </div>
          <Embed form={form} />
        </section>
        <section>
          <Preview form={form} />
        </section>
      </div>
    </Page>
  );
}

export function formRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/forms", (c) => c.html(<FormsPage ctx={ctx} c={c} />));
  r.post("/dashboard/forms", async (c) => {
    const s = c.get("session");
    if (!s.account_id) return c.redirect("/dashboard/", 303);
    const f = c.get("form");
    try {
      const form = await newHostedForm(
        ctx,
        s.account_id,
        parseOrThrow(FormCreate, { name: f.name ?? "", slug: f.slug ?? "" }),
      );
      if (!form) return notFound(c);
      return c.redirect(`/dashboard/forms/${form.id}`, 303);
    } catch (e) {
      return c.html(<FormsPage ctx={ctx} c={c} error={problem(e)} />, 400);
    }
  });
  const formOf = (c: Context<DashEnv>) =>
    formOfSession(ctx, c.get("session"), c.req.param("id") ?? "");
  r.get("/dashboard/forms/:id", async (c) => {
    const form = await formOf(c);
    return form
      ? c.html(<BuilderPage c={c} form={form} done={c.req.query("done")} />)
      : notFound(c);
  });
  /** Runs one builder step and goes back to the builder, or shows why it was refused. */
  const step = (
    path: string,
    done: keyof typeof DONE,
    run: (c: Context<DashEnv>, form: HostedForm) => Promise<unknown>,
  ) =>
    r.post(`/dashboard/forms/:id/${path}`, async (c) => {
      const form = await formOf(c);
      if (!form) return notFound(c);
      try {
        await run(c, form);
        return c.redirect(`/dashboard/forms/${form.id}?done=${done}`, 303);
      } catch (e) {
        return c.html(<BuilderPage c={c} form={form} error={problem(e)} />, 400);
      }
    });
  const index = (c: Context<DashEnv>) => Number(c.req.param("i"));
  step("fields", "added", (c, form) => addField(ctx, form, fieldFromForm(c.get("form"))));
  step(
    "fields/:i",
    "field",
    (c, form) => replaceField(ctx, form, index(c), fieldFromForm(c.get("form"))),
  );
  step("fields/:i/remove", "removed", (c, form) => removeField(ctx, form, index(c)));
  step("fields/:i/up", "moved", (c, form) => moveField(ctx, form, index(c), -1));
  step("fields/:i/down", "moved", (c, form) => moveField(ctx, form, index(c), 1));
  step("identity", "identity", (c, form) => {
    const f = c.get("form");
    const input = parseOrThrow(FormPatch, { name: f.name ?? "", slug: f.slug ?? "" });
    return patchHostedForm(ctx, form.id, input);
  });
  step("settings", "settings", (c, form) => {
    const f = c.get("form");
    const settings: Record<string, unknown> = {
      ...form.settings,
      submit_label: f.submit_label ?? "",
      success_message: f.success_message ?? "",
    };
    if (f.card_wrap === "on") settings.card_wrap = true;
    else delete settings.card_wrap;
    // An emptied optional key is left out (a key never set may be missing: spec).
    for (const k of STRING_SETTINGS) {
      if (f[k]) settings[k] = f[k];
      else delete settings[k];
    }
    return patchHostedForm(ctx, form.id, parseOrThrow(FormPatch, { settings }));
  });
  step("archive", "archived", (_c, form) => setArchived(ctx, form.id, true));
  step("restore", "restored", (_c, form) => setArchived(ctx, form.id, false));
  return r;
}
