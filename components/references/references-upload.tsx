"use client";

import { useState } from "react";
import { referencesReportSchema, type ReferencesReportBody } from "@/lib/references/schemas";
import { postForReport, type ReportState } from "./post-for-report";
import { ReportStatus } from "./report-status";

type State = ReportState<ReferencesReportBody>;

const SHOWN = 20;
const targetText = ({ kind, value }: { kind: string; value: string }) => `${kind.replace("_", " ")} ${value}`;

/** Attaches a references file (expected calls by task, name or transcript id) to stored transcripts. */
export function ReferencesUpload() {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function send(file: File) {
    setState({ kind: "sending", file: file.name });
    setState(await postForReport(`/api/references?${new URLSearchParams({ file: file.name })}`, { body: file, headers: { "content-type": "application/x-ndjson" } }, referencesReportSchema, "The file could not be sent."));
  }

  return (
    <section aria-labelledby="references-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="references-heading" className="text-lg font-semibold">
        Expected calls (references)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A JSON Lines file, one line per task: <code className="font-mono">{'{"task_id": "…", "reference": {"steps": [...]}}'}</code> (or <code className="font-mono">name</code>,{" "}
        <code className="font-mono">transcript_id</code>). Every stored transcript of that task gets the reference, and criteria about the reference are measured against it.
      </p>
      <label className="mt-3 block text-sm font-medium">
        References file
        <input
          type="file"
          accept=".jsonl,.ndjson,.json"
          className="mt-1 block text-sm"
          disabled={state.kind === "sending"}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void send(file);
            event.target.value = "";
          }}
        />
      </label>
      <ReportStatus state={state} sending={(file) => `Attaching ${file}…`}>
        {(report) => <Report report={report} />}
      </ReportStatus>
    </section>
  );
}

function Report({ report }: { report: ReferencesReportBody }) {
  const { counts } = report;
  return (
    <div role="status" aria-label={`References from ${report.file}`} className="mt-3 text-sm">
      <p>
        {report.file}: {counts.attached} line{counts.attached === 1 ? "" : "s"} attached to {counts.transcripts} transcript{counts.transcripts === 1 ? "" : "s"}
        {counts.unmatched ? `; ${counts.unmatched} named no stored transcript` : ""}
        {counts.rejected ? `; ${counts.rejected} rejected` : ""}.
      </p>
      {report.unmatched.length ? (
        <ul className="mt-1 list-disc pl-5 text-slate-600">
          {report.unmatched.slice(0, SHOWN).map((entry) => (
            <li key={entry.line}>
              line {entry.line}: no stored transcript with {targetText(entry.target)}
            </li>
          ))}
        </ul>
      ) : null}
      {report.rejected.length ? (
        <ul className="mt-1 list-disc pl-5 text-rose-700">
          {report.rejected.slice(0, SHOWN).map((error, index) => (
            <li key={`${error.line}-${index}`}>
              line {error.line}: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
