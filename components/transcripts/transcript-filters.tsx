import Link from "next/link";

interface Props {
  values: {
    q?: string;
    tool?: string;
    warnings?: string;
    from?: string;
    to?: string;
    upload?: string;
    model?: string;
    task?: string;
    tag?: string;
    outcome?: string;
    group?: string;
  };
  toolNames: string[];
  /** The stored metadata's values; a filter shows only when there is something to pick. */
  metadata: { models: string[]; tasks: string[]; tags: string[]; outcomes: boolean };
}

/** A plain GET form: filters land in the URL and work without JavaScript. */
export function TranscriptFilters({ values, toolNames, metadata }: Props) {
  const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <form method="get" role="search" aria-label="Filter transcripts" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
      <label className="flex flex-col gap-1">
        Name contains
        <input name="q" defaultValue={values.q} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        Tool
        <input name="tool" defaultValue={values.tool} list="tool-names" className={field} />
        <datalist id="tool-names">
          {toolNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      {metadata.models.length ? (
        <label className="flex flex-col gap-1">
          Model
          <select name="model" defaultValue={values.model ?? ""} className={`${field} max-w-56`}>
            <option value="">Any model</option>
            {metadata.models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {metadata.tasks.length ? (
        <label className="flex flex-col gap-1">
          Task
          <input name="task" defaultValue={values.task} list="task-ids" className={field} />
          <datalist id="task-ids">
            {metadata.tasks.map((task) => (
              <option key={task} value={task} />
            ))}
          </datalist>
        </label>
      ) : null}
      {metadata.tags.length ? (
        <label className="flex flex-col gap-1">
          Tag
          <select name="tag" defaultValue={values.tag ?? ""} className={`${field} max-w-48`}>
            <option value="">Any tag</option>
            {metadata.tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {metadata.outcomes ? (
        <label className="flex flex-col gap-1">
          Outcome
          <select name="outcome" defaultValue={values.outcome ?? ""} className={field}>
            <option value="">Any outcome</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
            <option value="unknown">No outcome</option>
          </select>
        </label>
      ) : null}
      <label className="flex flex-col gap-1">
        Warnings
        <select name="warnings" defaultValue={values.warnings ?? ""} className={field}>
          <option value="">Any</option>
          <option value="yes">With warnings</option>
          <option value="no">Without warnings</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        From
        <input type="date" name="from" defaultValue={values.from} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        To
        <input type="date" name="to" defaultValue={values.to} className={field} />
      </label>
      {metadata.models.length || metadata.tasks.length || metadata.tags.length || metadata.outcomes ? (
        <label className="flex flex-col gap-1">
          Group by
          <select name="group" defaultValue={values.group ?? ""} className={field}>
            <option value="">No grouping</option>
            {metadata.models.length ? <option value="model">Model</option> : null}
            {metadata.tasks.length ? <option value="task">Task</option> : null}
            {metadata.tags.length ? <option value="tag">Tag</option> : null}
            {metadata.outcomes ? <option value="outcome">Outcome</option> : null}
          </select>
        </label>
      ) : null}
      {values.upload ? <input type="hidden" name="upload" value={values.upload} /> : null}
      <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white hover:bg-slate-700">
        Filter
      </button>
      <Link href="/transcripts" className="px-2 py-1.5 text-slate-600 hover:underline">
        Clear
      </Link>
    </form>
  );
}
