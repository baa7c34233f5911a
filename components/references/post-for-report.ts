"use client";

import type { z } from "zod";

/** What a references form shows: nothing yet, a file on its way, the server's report, or why there is none. */
export type ReportState<Report> = { kind: "idle" } | { kind: "sending"; file: string } | { kind: "done"; report: Report } | { kind: "failed"; error: string };

/** Posts a form's files and reads the answer with the route's own schema: its report, or the error it gave. */
export async function postForReport<Report>(url: string, init: RequestInit, schema: z.ZodType<Report>, unsent: string): Promise<ReportState<Report>> {
  try {
    const response = await fetch(url, { method: "POST", ...init });
    const body: unknown = await response.json();
    const parsed = schema.safeParse(body);
    if (parsed.success) return { kind: "done", report: parsed.data };
    return { kind: "failed", error: typeof body === "object" && body && "error" in body ? String(body.error) : `The server answered ${response.status}.` };
  } catch {
    return { kind: "failed", error: unsent };
  }
}
