import { cache } from "react";
import { getPrisma } from "@/lib/server/db/client";
import { getRun } from "@/lib/server/runs/get-run";

/** The run, read once per request: the page and its metadata both need it. */
export const loadRun = cache((id: string) => getRun(getPrisma(), id));
