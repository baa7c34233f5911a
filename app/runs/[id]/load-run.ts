import { cache } from "react";
import { getPrisma } from "@/lib/platform/db/client";
import { getRun } from "@/lib/runs/server/get-run";

/** The run, read once per request: the page and its metadata both need it. */
export const loadRun = cache((id: string) => getRun(getPrisma(), id));
