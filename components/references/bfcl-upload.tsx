"use client";

import { useState, type FormEvent } from "react";
import { FileResult } from "@/components/transcripts/upload/file-result";
import { bfclImportFormSchema, bfclImportResponseSchema, type BfclImportResponse } from "@/lib/references/schemas";
import { postForReport, type ReportState } from "./post-for-report";
import { ReportStatus } from "./report-status";

type State = ReportState<BfclImportResponse>;

const SHOWN = 20;
const FIELDS = ["questions", "answers", "results"] as const;

/** Imports BFCL's question, possible-answer and result files as transcripts that carry their possible answer as reference. */
export function BfclUpload() {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = bfclImportFormSchema.safeParse(Object.fromEntries(FIELDS.map((field) => [field, form.get(field) ?? undefined])));
    if (!checked.success) {
      setState({ kind: "failed", error: checked.error.issues.map((issue) => issue.message).join("; ") });
      return;
    }
    const body = new FormData();
    for (const field of FIELDS) {
      const file = checked.data[field];
      if (file) body.set(field, file);
    }
    setState({ kind: "sending", file: checked.data.questions?.name ?? "" });
    setState(await postForReport("/api/references/bfcl?source=browser", { body }, bfclImportResponseSchema, "The files could not be sent."));
  }

  return (
    <section aria-labelledby="bfcl-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="bfcl-heading" className="text-lg font-semibold">
        BFCL results
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A Berkeley Function Calling Leaderboard category: its question file (<code className="font-mono">BFCL_v4_simple_python.json</code>), its possible answers and a model&apos;s result file. Each question
        becomes a transcript with the model&apos;s calls and the possible answer as its reference, so that <em>Tool call passes if it matches the reference</em> gives BFCL&apos;s verdict. Same as{" "}
        <code className="font-mono">callboard import-bfcl</code>.
      </p>
      <form aria-label="Import BFCL" className="mt-3 grid gap-3 sm:grid-cols-3" onSubmit={(event) => void send(event)}>
        <FileField name="questions" label="BFCL questions" />
        <FileField name="answers" label="Possible answers" />
        <FileField name="results" label="Model results" />
        <div className="sm:col-span-3">
          <button type="submit" disabled={state.kind === "sending"} className="rounded bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800 disabled:opacity-50">
            Import BFCL
          </button>
        </div>
      </form>
      <ReportStatus state={state} sending={(file) => `Converting and importing ${file}…`}>
        {(report) => <Report report={report} />}
      </ReportStatus>
    </section>
  );
}

function FileField({ name, label }: { name: (typeof FIELDS)[number]; label: string }) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input type="file" name={name} accept=".json,.jsonl,.ndjson" className="mt-1 block w-full text-sm" />
    </label>
  );
}

function Report({ report }: { report: BfclImportResponse }) {
  const { problems } = report.conversion;
  return (
    <div role="status" aria-label={`BFCL import of ${report.file}`} className="mt-3 space-y-2 text-sm">
      <p>
        {report.file}: {report.conversion.transcripts} question{report.conversion.transcripts === 1 ? "" : "s"} converted
        {problems.length ? `; ${problems.length} not converted or with a problem` : ""}.
      </p>
      <FileResult result={report} />
      {problems.length ? (
        <ul className="list-disc pl-5 text-rose-700">
          {problems.slice(0, SHOWN).map((problem, index) => (
            <li key={`${problem.file}-${problem.line}-${index}`}>
              {problem.file}, line {problem.line}: {problem.message}
            </li>
          ))}
          {problems.length > SHOWN ? <li>and {problems.length - SHOWN} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
