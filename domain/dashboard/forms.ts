/**
 * The hosted-form builder's steps on top of domain/forms/hosted.ts: which forms
 * a session may edit, and adding, removing and moving one field at a time
 * (each step is checked by the form's own schema through patchHostedForm), or
 * changing one in place.
 */
import type { Ctx } from "../kernel/context.ts";
import { parseOrThrow } from "../kernel/validation.ts";
import { ApiError } from "../kernel/errors.ts";
import { FormPatch, patchHostedForm, readHostedForm } from "../forms/hosted.ts";
import {
  FORM_FIELD_TYPES,
  type FormField,
  type HostedForm,
  LOOK_SETTING_VALUES,
} from "../forms/hosted_schema.ts";
import type { Session } from "./store.ts";

export { FORM_FIELD_TYPES, LOOK_SETTING_VALUES };
export type { FormField, HostedForm };

/** The form if the session's account owns it (the operator: any form), else null. */
export async function formOfSession(
  ctx: Ctx,
  s: Session,
  formId: string,
): Promise<HostedForm | null> {
  if (formId.length > 100) return null;
  const f = await readHostedForm(ctx, formId);
  if (!f) return null;
  if (s.user_id === null) return f;
  return f.account_id === s.account_id ? f : null;
}

/** A field from the builder's form: options one per line, for choice types only. */
export function fieldFromForm(f: Record<string, string>): unknown {
  const options = (f.options ?? "").split(/\r?\n/).map((o) => o.trim()).filter(Boolean);
  const type = f.type ?? "text";
  return {
    name: f.name ?? "",
    label: f.label ?? "",
    type,
    ...(f.placeholder ? { placeholder: f.placeholder } : {}),
    required: f.required === "on",
    ...(type === "select" || type === "checkbox" ? { options } : {}),
  };
}

function setFields(ctx: Ctx, form: HostedForm, fields: unknown[]) {
  return patchHostedForm(ctx, form.id, parseOrThrow(FormPatch, { fields }));
}

export function addField(ctx: Ctx, form: HostedForm, field: unknown) {
  return setFields(ctx, form, [...form.fields, field]);
}

/** Replaces field `index` with `field` (the builder's in-place edit); out of range: 404. */
export function replaceField(ctx: Ctx, form: HostedForm, index: number, field: unknown) {
  if (!Number.isInteger(index) || index < 0 || index >= form.fields.length) {
    throw new ApiError("not_found", 404, { message: "no such field" });
  }
  return setFields(ctx, form, form.fields.map((f, i) => i === index ? field : f));
}

export function removeField(ctx: Ctx, form: HostedForm, index: number) {
  return setFields(ctx, form, form.fields.filter((_, i) => i !== index));
}

/** Moves field `index` one place up (-1) or down (+1); out of range changes nothing. */
export function moveField(ctx: Ctx, form: HostedForm, index: number, by: -1 | 1) {
  const to = index + by;
  if (index < 0 || to < 0 || index >= form.fields.length || to >= form.fields.length) {
    return Promise.resolve(form);
  }
  const fields = [...form.fields];
  [fields[index], fields[to]] = [fields[to], fields[index]];
  return setFields(ctx, form, fields);
}
