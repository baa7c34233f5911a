import { formatPercent } from "@/lib/platform/format";
/** Shared wording of chart labels, so the visible text and the accessible description say the same. */
export const percent = (value: number | null) => formatPercent(value);

export const count = (value: number) => value.toLocaleString("en-US");

/** A bin's range as a reader sees it: "0.3–0.4". */
export const binRange = (from: number, to: number) => `${from.toFixed(1)}–${to.toFixed(1)}`;
