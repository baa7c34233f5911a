import { editDistance } from "../text/edit-distance";
import { BOTH_VIEWS, type Check } from "../check";

export const unknownTool: Check = {
  id: "unknown-tool",
  title: "Unknown tool",
  severity: "critical",
  views: BOTH_VIEWS,
  topics: ["tool-selection", "parameter-accuracy", "fabrication"],
  explanation: "The called name must be one of the tools offered to the model.",
  run(context) {
    if (context.tool) return [];
    const name = context.call.toolName;
    const offered = context.view.tools.map((tool) => tool.function.name);
    if (!offered.length) {
      return [{ severity: "critical", penalty: 0.95, message: `"${name}" was called but no tools were offered.`, evidence: `offered tools: none` }];
    }
    const distances = offered.map((candidate) => editDistance(name, candidate));
    const closest = offered[distances.indexOf(Math.min(...distances))];
    const hint = editDistance(name.toLowerCase(), closest.toLowerCase()) <= Math.max(2, closest.length / 4) ? ` Did it mean "${closest}"?` : "";
    return [
      {
        severity: "critical",
        penalty: 0.95,
        message: `No offered tool is named "${name}".${hint}`,
        evidence: `offered tools: ${offered.slice(0, 12).join(", ")}${offered.length > 12 ? ", …" : ""}`,
      },
    ];
  },
};
