import { z } from "zod";

/** A submitted form's text fields by name (the first value of each); a file is not text and is left out. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

/**
 * A schema that also takes a submitted form, read as its text fields, so a form, the action behind
 * it and an API can share one schema: the form's data is coerced into the schema's shape first.
 */
export function formInput<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value instanceof FormData ? formFields(value) : value), schema);
}
