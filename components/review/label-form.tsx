"use client";

import { useId, useState, useTransition } from "react";
import type { Outcome } from "./outcome";
import { FormButtons } from "./form-buttons";

interface Props {
  label: string;
  submitLabel: string;
  initial?: { name: string; description: string | null };
  onSubmit: (values: { name: string; description: string }) => Promise<Outcome>;
  onCancel?: () => void;
}

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** A label's name and description; the server's message is shown beside the field it is about. */
export function LabelForm({ label, submitLabel, initial, onSubmit, onCancel }: Props) {
  const [errors, setErrors] = useState<Outcome | null>(null);
  const [pending, startTransition] = useTransition();
  // A new key clears the fields after a label was created.
  const [generation, setGeneration] = useState(0);
  const ids = { name: useId(), description: useId(), form: useId() };
  const nameError = errors?.fieldErrors?.name?.join(" ");
  const descriptionError = errors?.fieldErrors?.description?.join(" ");
  const formError = errors && !errors.ok && !nameError && !descriptionError ? errors.message : null;

  return (
    <form
      key={generation}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const values = { name: String(data.get("name") ?? ""), description: String(data.get("description") ?? "") };
        startTransition(async () => {
          const outcome = await onSubmit(values);
          setErrors(outcome.ok ? null : outcome);
          if (outcome.ok && !initial) setGeneration((n) => n + 1);
        });
      }}
      className="space-y-2"
    >
      <label className="block text-sm font-medium">
        Name
        <input
          name="name"
          defaultValue={initial?.name}
          autoFocus={Boolean(initial)}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? ids.name : undefined}
          className={field}
        />
      </label>
      {nameError ? <p id={ids.name} role="alert" className="text-xs text-rose-800">{nameError}</p> : null}
      <label className="block text-sm font-medium">
        Description <span className="font-normal text-slate-500">(optional)</span>
        <input
          name="description"
          defaultValue={initial?.description ?? ""}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? ids.description : undefined}
          className={field}
        />
      </label>
      {descriptionError ? <p id={ids.description} role="alert" className="text-xs text-rose-800">{descriptionError}</p> : null}
      {formError ? <p role="alert" className="text-sm text-rose-800">{formError}</p> : null}
      <FormButtons pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
