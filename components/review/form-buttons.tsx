/** A review form's submit button, and Cancel when the form can be left (editing, replying). */
export function FormButtons({ pending, submitLabel, onCancel }: { pending: boolean; submitLabel: string; onCancel?: () => void }) {
  return (
    <div className="flex gap-2">
      <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          Cancel
        </button>
      ) : null}
    </div>
  );
}
