export interface ColumnToggle {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

/** A disclosure listing the table's hideable columns as checkboxes. */
export function ColumnVisibilityMenu({ columns }: { columns: ColumnToggle[] }) {
  const hidden = columns.filter((column) => !column.visible).length;
  return (
    <details className="relative text-sm">
      <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 select-none hover:bg-slate-100">
        Columns{hidden ? ` (${hidden} hidden)` : ""}
      </summary>
      <fieldset className="absolute right-0 z-10 mt-1 max-h-80 w-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-3 shadow-lg">
        <legend className="sr-only">Shown columns</legend>
        {columns.map((column) => (
          <label key={column.id} className="flex items-start gap-2 py-0.5">
            <input type="checkbox" checked={column.visible} onChange={(event) => column.toggle(event.target.checked)} className="mt-0.5" />
            <span>{column.label}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
