import { REVIEW_SHORTCUTS } from "./shortcuts";

const kbd = "rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs";

/** The page's keys, listed where the reviewer works; `?` shows or hides the full list. */
export function ShortcutHelp({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <section aria-labelledby="shortcuts-heading" className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="shortcuts-heading" className="font-semibold">Keyboard shortcuts</h2>
        <button type="button" onClick={onToggle} aria-expanded={open} aria-controls="shortcut-list" aria-keyshortcuts="?" className="text-xs text-indigo-700 hover:underline">
          {open ? "Hide" : "Show"} <kbd className={kbd}>?</kbd>
        </button>
      </div>
      {open ? (
        <dl id="shortcut-list" className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" aria-label="Keyboard shortcuts">
          {REVIEW_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.key} className="contents">
              <dt>
                <kbd className={kbd}>{shortcut.key === "Escape" ? "Esc" : shortcut.key}</kbd>
              </dt>
              <dd className="text-slate-700">{shortcut.description}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-1 text-xs text-slate-600">
          <kbd className={kbd}>j</kbd>/<kbd className={kbd}>k</kbd> move, <kbd className={kbd}>a</kbd> agree, <kbd className={kbd}>d</kbd> disagree,{" "}
          <kbd className={kbd}>s</kbd> discuss, <kbd className={kbd}>c</kbd> comment, <kbd className={kbd}>x</kbd> done and next. Keys do nothing while you type in a field.
        </p>
      )}
    </section>
  );
}
