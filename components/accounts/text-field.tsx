import { useId } from "react";

/** A labelled input with the server's messages for it underneath, announced to screen readers. */
export function TextField({
  label,
  name,
  errors,
  hint,
  ...input
}: { label: string; name: string; errors?: string[]; hint?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  const messageId = useId();
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <div>
      <label className="block text-sm font-medium">
        {label}
        <input
          name={name}
          aria-invalid={invalid}
          aria-describedby={messageId}
          className={`mt-1 w-full rounded-md border p-2 text-sm ${invalid ? "border-rose-400" : "border-slate-300"}`}
          {...input}
        />
      </label>
      <div id={messageId} aria-live="polite" className="mt-1 text-sm">
        {invalid ? errors?.map((e) => <p key={e} className="text-rose-800">{e}</p>) : hint ? <p className="text-slate-500">{hint}</p> : null}
      </div>
    </div>
  );
}

/** The form-wide message (a refusal, or a confirmation). */
export function FormMessage({ state }: { state: { ok: boolean; message: string } | null }) {
  if (!state) return null;
  return (
    <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-rose-800"}`}>
      {state.message}
    </p>
  );
}

export function AuthCard({ title, description, children }: { title: string; description?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto mt-8 max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
