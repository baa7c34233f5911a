"use client";

import type { ReactNode } from "react";
import type { ReportState } from "./post-for-report";

/** A references form's state under it: what is on its way, the error, or the report as `children` renders it. */
export function ReportStatus<Report>({ state, sending, children }: { state: ReportState<Report>; sending: (file: string) => string; children: (report: Report) => ReactNode }) {
  if (state.kind === "sending") return <p className="mt-2 text-sm text-slate-600">{sending(state.file)}</p>;
  if (state.kind === "failed") {
    return (
      <p role="alert" className="mt-2 text-sm text-rose-700">
        {state.error}
      </p>
    );
  }
  return state.kind === "done" ? children(state.report) : null;
}
