import type { CanonicalTool } from "@/lib/transcripts/types";

function ToolEntry({ tool }: { tool: CanonicalTool }) {
  return (
    <li>
      <details className="rounded border border-slate-200 bg-white">
        <summary className="cursor-pointer px-3 py-2 text-sm">
          <span className="font-mono font-semibold">{tool.function.name}</span>
          {tool.function.description ? <span className="block text-xs text-slate-600">{tool.function.description}</span> : null}
        </summary>
        {/* Focusable, so that keyboard users can scroll a wide schema too. */}
        <pre tabIndex={0} role="region" aria-label={`Parameters of ${tool.function.name}`} className="relative overflow-x-auto border-t border-slate-100 p-2 font-mono text-xs">
          {JSON.stringify(tool.function.parameters, null, 2)}
        </pre>
      </details>
    </li>
  );
}

export function ToolsPanel({ called, notCalled }: { called: CanonicalTool[]; notCalled: CanonicalTool[] }) {
  return (
    <section aria-labelledby="tools-heading" className="space-y-4">
      <h2 id="tools-heading" className="text-lg font-semibold">Tools</h2>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Called ({called.length})</h3>
        {called.length ? <ul className="space-y-2">{called.map((t) => <ToolEntry key={t.function.name} tool={t} />)}</ul> : <p className="text-sm text-slate-500">None of the offered tools was called.</p>}
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Offered but not called ({notCalled.length})</h3>
        {notCalled.length ? <ul className="space-y-2">{notCalled.map((t) => <ToolEntry key={t.function.name} tool={t} />)}</ul> : <p className="text-sm text-slate-500">Every offered tool was called.</p>}
      </div>
    </section>
  );
}
