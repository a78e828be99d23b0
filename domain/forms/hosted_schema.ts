/**
 * A hosted form's zod schemas, and the types of the stored form taken from
 * them (z.output): a new field is added to the schema once, and the store,
 * the operator API and the dashboard get it from here.
 */
import { z } from "zod";
import { email, str } from "../kernel/validation.ts";

export const FORM_FIELD_TYPES = [
  "text",
  "email",
  "tel",
  "url",
  "number",
  "textarea",
  "select",
  "checkbox",
  "date",
  "time",
] as const;
/** Slugs: lowercase letters, digits and hyphens. */
export const SLUG_RE = /^[a-z0-9-]+$/;
export const SLUG_MAX = 100;
export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 100;
/**
 * Largest form definition, in characters of its JSON. A KV value holds 64 KiB
 * and V8 stores a string with any character outside Latin-1 at 2 bytes per
 * UTF-16 unit, so 30,000 characters fit with room for the record's other fields.
 */
export const MAX_FORM_JSON_CHARS = 30_000;

/** Field types that offer choices and so take `options`. */
const CHOICE_TYPES = new Set(["select", "checkbox"]);

export const slug = () =>
  str(SLUG_MAX, 1).regex(SLUG_RE, "must be lowercase letters, digits and hyphens");

export const FormFieldSchema = z.object({
  // The key of this field in a submission's `fields`.
  name: str(64, 1).regex(
    /^[A-Za-z0-9_.-]+$/,
    "must be letters, digits, underscores, dots and hyphens",
  ),
  label: str(200, 1),
  type: z.enum(FORM_FIELD_TYPES, { message: `must be one of ${FORM_FIELD_TYPES.join(", ")}` }),
  placeholder: str(200).optional(),
  required: z.boolean().default(false),
  options: z.array(str(200, 1)).max(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} items`)
    .optional(),
}).check((ctx) => {
  const f = ctx.value;
  if (f.options !== undefined && !CHOICE_TYPES.has(f.type)) {
    ctx.issues.push({
      code: "custom",
      input: f.options,
      path: ["options"],
      message: "is only for fields of type select or checkbox",
    });
  }
  if (f.type === "select" && (f.options === undefined || f.options.length === 0)) {
    ctx.issues.push({
      code: "custom",
      input: f.options,
      path: ["options"],
      message: "a select field needs at least one option",
    });
  }
});

export const FieldsSchema = z.array(FormFieldSchema).max(
  MAX_FIELDS,
  `must have at most ${MAX_FIELDS} items`,
)
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((f, i) => {
      if (seen.has(f.name)) {
        ctx.issues.push({
          code: "custom",
          input: f.name,
          path: [i, "name"],
          message: `duplicates the name of an earlier field ("${f.name}")`,
        });
      }
      seen.add(f.name);
    });
  });

/**
 * The values of the look settings that renderers style (the WordPress plugin's
 * stylesheet has a class for each: `svcfm-radius-large`, `svcfm-align-center`,
 * `svcfm-tone-soft`); the empty value is the renderer's default (corners of
 * 6 px, the button on the left, outlined fields). The spec makes these settings
 * strings, so any other value up to 32 characters is kept and renders as the
 * default: these are offered (the dashboard's choices, the API's examples),
 * not enforced.
 */
export const LOOK_SETTING_VALUES = {
  radius_preset: ["none", "small", "large", "pill"],
  button_align: ["center", "right", "full"],
  field_tone: ["soft", "filled"],
} as const;

/** A look setting: a string of at most 32, with the values above as its examples. */
const lookSetting = (key: keyof typeof LOOK_SETTING_VALUES) =>
  str(32).meta({ examples: [...LOOK_SETTING_VALUES[key]] });

export const SettingsSchema = z.object({
  submit_label: str(100),
  success_message: str(2000),
  notify_email: email(),
  from_name: str(120),
  brand_color: z.string().regex(
    /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
    "must be a hex color such as #1a73e8",
  ),
  radius_preset: lookSetting("radius_preset"),
  button_align: lookSetting("button_align"),
  field_tone: lookSetting("field_tone"),
  card_wrap: z.union([z.boolean(), str(32)]),
}).partial();

export type FormFieldType = typeof FORM_FIELD_TYPES[number];
export type FormField = z.output<typeof FormFieldSchema>;
export type FormSettings = z.output<typeof SettingsSchema>;

/** A hosted form as stored (the operator's fields and settings, checked by the schemas above). */
export const HostedFormRecord = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  slug: z.string(),
  fields: z.array(FormFieldSchema),
  settings: SettingsSchema,
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HostedForm = z.output<typeof HostedFormRecord>;
