import type { PreviewChoice } from "./schemas/preview";

/** How a preview's calls were chosen, in one honest sentence: how many shown are ones the criteria apply to, and why the others are there. */
export function previewChoiceText(choice: PreviewChoice, calls: number, criteria: number): string {
  const they = criteria === 1 ? "the criterion" : "the criteria";
  const apply = criteria === 1 ? "applies" : "apply";
  if (choice.kind === "sampled") {
    const unmeasured = criteria === 1 ? "do not measure this criterion, so nothing tells which calls it applies" : "measure none of these criteria, so nothing tells which calls they apply";
    return `The built-in checks ${unmeasured} to: the calls shown are a sample of the most recent.`;
  }
  const among = `the ${choice.looked} most recent call${choice.looked === 1 ? "" : "s"} read by the built-in checks`;
  if (choice.applicable === 0) return `${capitalised(they)} ${apply} to none of ${among}: the calls shown are a sample of them.`;
  if (choice.applicable >= calls) return `${calls === 1 ? "The call shown is one" : `All ${calls} calls shown are ones`} ${they} ${apply} to, found among ${among}.`;
  return `${choice.applicable} of ${calls} calls shown are ones ${they} ${apply} to, the only ones among ${among}; the other ${calls - choice.applicable} are calls ${criteria === 1 ? "it does" : "they do"} not apply to.`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
