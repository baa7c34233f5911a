import { CriterionKindBadge } from "./criterion-kind-badge";
import { CriterionScopeBadge } from "./criterion-scope-badge";

export interface ChecklistCriterion {
  id: string;
  text: string;
  title: string | null;
  kind: string;
  scope: string;
}

/** The library's criteria as checkboxes, with their kind and scope: what the new-run and monitor forms pick from. */
export function CriterionChecklist({ criteria, chosen, onChange }: { criteria: readonly ChecklistCriterion[]; chosen: readonly string[]; onChange: (chosen: string[]) => void }) {
  return (
    <ul className="space-y-1">
      {criteria.map((criterion) => (
        <li key={criterion.id}>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={chosen.includes(criterion.id)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, criterion.id] : chosen.filter((id) => id !== criterion.id))}
            />
            <span className="min-w-0 break-words">
              {criterion.title ? <strong>{criterion.title}: </strong> : null}
              {criterion.text} {criterion.scope === "agent" ? <CriterionScopeBadge scope={criterion.scope} /> : null} <CriterionKindBadge kind={criterion.kind} />
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
