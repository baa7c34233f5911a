import type { RunMode } from "@/lib/runs/schemas/runs";

/** The modes a run or a monitor judges in, as forms offer them. */
export const RUN_MODE_CHOICES: { value: RunMode; label: string; hint: string }[] = [
  { value: "auto", label: "Auto", hint: "hindsight when the tool answered, immediate otherwise" },
  { value: "immediate", label: "Immediate", hint: "judge each call before its tool response" },
  { value: "hindsight", label: "Hindsight", hint: "judge each call with its response and what followed" },
  { value: "both", label: "Both", hint: "immediate and hindsight, to see what the response changed" },
];
