"use client";

import { useId, useState, useTransition, type Ref } from "react";
import { isOversizedActionRefusal } from "@/lib/platform/security/oversized-action";
import { COMMENT_TOO_LONG, MAX_COMMENT_LENGTH } from "@/lib/review/schemas/review";
import type { Outcome } from "./outcome";
import { FormButtons } from "./form-buttons";

interface Props {
  label: string;
  submitLabel: string;
  defaultValue?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
  onSubmit: (body: string) => Promise<Outcome>;
  onCancel?: () => void;
}

/**
 * A comment, a reply or an edit. Ctrl+Enter (Cmd+Enter) sends it without leaving the keyboard;
 * the field empties only when the server kept the text, so nothing typed is lost to an error.
 */
export function CommentForm({ label, submitLabel, defaultValue = "", textareaRef, autoFocus, onSubmit, onCancel }: Props) {
  const [body, setBody] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const fieldId = useId();
  const errorId = useId();

  const send = () => {
    // Said here, not by the server: a long enough paste would be refused before the action ran (proxy.ts).
    if (body.trim().length > MAX_COMMENT_LENGTH) {
      setError(COMMENT_TOO_LONG);
      return;
    }
    startTransition(async () => {
      const outcome = await onSubmit(body).catch((error: unknown): Outcome => {
        if (isOversizedActionRefusal(error)) return { ok: false, message: COMMENT_TOO_LONG };
        throw error;
      });
      if (outcome.ok) {
        setError(null);
        setBody("");
      } else {
        setError(outcome.fieldErrors?.body?.join(" ") ?? outcome.message);
      }
    });
  };

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="space-y-2"
    >
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <textarea
        id={fieldId}
        ref={textareaRef}
        value={body}
        autoFocus={autoFocus}
        rows={3}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder="Write a comment… (Ctrl+Enter sends, Esc leaves the field)"
        className="block w-full rounded-md border border-slate-300 p-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-rose-800">
          {error}
        </p>
      ) : null}
      <FormButtons pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
