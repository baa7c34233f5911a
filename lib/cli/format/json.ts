import type { EvalReport } from "../report";

/** Bump when a field is renamed or removed; added fields keep the version. */
export const JSON_REPORT_VERSION = 1;

/** One JSON object with everything: results, summary per criterion, gate, rejected items, saved run. */
export function formatJson(report: EvalReport): string {
  const body = {
    version: JSON_REPORT_VERSION,
    judge: report.judge,
    mode: report.mode,
    files: report.files,
    criteria: report.criteria.map((criterion, index) => ({ id: `C${index + 1}`, ...criterion })),
    results: report.results,
    summary: report.summary,
    gate: report.gate,
    rejected: report.rejected,
    ...(report.saved ? { saved: report.saved } : {}),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
