/**
 * The form builder's parts (routes/dashboard/forms.tsx): the preview drawn
 * from the same definition GET /forms/render/{slug} serves, a field's inputs,
 * a look setting's choices and the embed section.
 */
import {
  FORM_FIELD_TYPES,
  type FormField,
  type HostedForm,
  LOOK_SETTING_VALUES,
} from "../../domain/dashboard/forms.ts";

export function Preview(props: { form: HostedForm }) {
  const f = props.form;
  const one = (field: FormField, i: number) => {
    const id = `pv-${i}`;
    if (field.type === "textarea") {
      return <textarea id={id} placeholder={field.placeholder} disabled></textarea>;
    }
    if (field.type === "select") {
      return (
        <select id={id} disabled>
          {(field.options ?? []).map((o) => <option key={o}>{o}</option>)}
        </select>
      );
    }
    if (field.type === "checkbox" && field.options?.length) {
      return (
        <span>
          {field.options.map((o) => (
            <label>
              <input type="checkbox" disabled /> {o}
            </label>
          ))}
        </span>
      );
    }
    return <input id={id} type={field.type} placeholder={field.placeholder} disabled />;
  };
  return (
    <article aria-label="Preview">
      <header>Preview: {f.name}</header>
      {f.fields.map((field, i) => (
        <div>
          <label for={`pv-${i}`}>{field.label}{field.required ? " *" : ""}</label>
          {one(field, i)}
        </div>
      ))}
      <button type="button" disabled>{f.settings.submit_label || "Send"}</button>
    </article>
  );
}

/** One look setting as a select; a value set through the API that is not offered stays chosen. */
export function ChoiceSetting(
  props: { k: keyof typeof LOOK_SETTING_VALUES; label: string; none: string; value: unknown },
) {
  const current = typeof props.value === "string" ? props.value : "";
  const offered: readonly string[] = LOOK_SETTING_VALUES[props.k];
  const values = current && !offered.includes(current) ? [...offered, current] : offered;
  return (
    <>
      <label for={`s-${props.k}`}>{props.label}</label>
      <select id={`s-${props.k}`} name={props.k}>
        <option value="" selected={current === ""}>{props.none}</option>
        {values.map((v) => <option key={v} value={v} selected={v === current}>{v}</option>)}
      </select>
    </>
  );
}

/**
 * How a site shows the form: the WordPress plugin's shortcode and block (both
 * copyable), and the API call any other site makes.
 */
export function Embed(props: { form: HostedForm }) {
  const slug = props.form.slug;
  const snippets = [
    ["embed-shortcode", "WordPress shortcode", `[svc_form slug="${slug}"]`],
    [
      "embed-block",
      "WordPress block (paste in the code editor)",
      `<!-- wp:svc-forms-mail/form ${JSON.stringify({ slug })} /-->`,
    ],
    [
      "embed",
      "Any other site: fetch the definition with its API key",
      `GET /api/v1/forms/render/${slug}`,
    ],
  ] as const;
  return (
    <section aria-labelledby="embed-h">
      <h2 id="embed-h">Embed</h2>
      <p>
        On WordPress with the SVC Forms &amp; Mail plugin, put the shortcode on a page or add the
        {" "}
        <em>Hosted form</em>{" "}
        block and pick “{props.form.name}”. Other sites fetch the definition, show it, and post the
        answers to <code>/api/v1/forms/submit</code>.
      </p>
      {snippets.map(([id, label, code]) => (
        <div class="snippet">
          <p>
            <strong id={`${id}-label`}>{label}</strong>
          </p>
          <pre><code id={id}>{code}</code></pre>
          <button
            type="button"
            class="secondary outline"
            data-copy={id}
            aria-label={`Copy: ${label}`}
          >
            Copy
          </button>
        </div>
      ))}
    </section>
  );
}

/** The inputs of one field (add, or edit in place with `field` and its own id prefix). */
export function FieldInputs(props: { p: string; field?: FormField }) {
  const { p, field } = props;
  return (
    <>
      <label for={`${p}-label`}>Label</label>
      <input id={`${p}-label`} name="label" required maxlength={200} value={field?.label ?? ""} />
      <label for={`${p}-name`}>Field name</label>
      <input
        id={`${p}-name`}
        name="name"
        required
        maxlength={64}
        pattern="[A-Za-z0-9_.\-]+"
        value={field?.name ?? ""}
      />
      <label for={`${p}-type`}>Type</label>
      <select id={`${p}-type`} name="type">
        {FORM_FIELD_TYPES.map((t) => (
          <option key={t} value={t} selected={t === field?.type}>{t}</option>
        ))}
      </select>
      <label for={`${p}-placeholder`}>Placeholder</label>
      <input
        id={`${p}-placeholder`}
        name="placeholder"
        maxlength={200}
        value={field?.placeholder ?? ""}
      />
      <label for={`${p}-options`}>Options (one per line; select and checkbox)</label>
      <textarea id={`${p}-options`} name="options" rows={3}>
        {(field?.options ?? []).join("\n")}
      </textarea>
      <label for={`${p}-required`}>
        <input id={`${p}-required`} name="required" type="checkbox" checked={!!field?.required} />
        {" "}
        Required
      </label>
    </>
  );
}
