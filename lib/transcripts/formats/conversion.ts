import type { ImportWarning, WarningCode, WarningLocation } from "../import-types";
import type { CanonicalTranscript } from "../types";

export interface Conversion {
  transcript: CanonicalTranscript;
  warnings: ImportWarning[];
}

/** Collects what a converter had to leave out or replace, so the user hears about it. */
export class ConversionWarnings {
  readonly list: ImportWarning[] = [];

  add(code: WarningCode, message: string, location: WarningLocation): void {
    this.list.push({ code, message, location });
  }

  /** One warning per content array, not one per image: a screenshot-heavy transcript stays readable. */
  placeholders(path: string, messageIndex: number, kinds: string[]): void {
    if (kinds.length === 0) return;
    const counts = new Map<string, number>();
    for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const listed = [...counts].map(([kind, n]) => `${n} ${kind}`).join(", ");
    this.add("non_text_content", `${path}: ${listed} replaced by a placeholder; only text is imported`, {
      messageIndex,
      path,
    });
  }
}

/** Text for a part that is not text: a visible marker, so a judge knows something was there. */
export function placeholderFor(type: string): { kind: string; text: string } {
  switch (type) {
    case "image":
    case "image_url":
    case "input_image":
      return { kind: "image", text: "[image]" };
    case "input_audio":
    case "audio":
      return { kind: "audio", text: "[audio]" };
    case "file":
    case "input_file":
    case "document":
      return { kind: "file", text: "[file]" };
    default:
      return { kind: `\`${type}\` part`, text: `[${type}]` };
  }
}

/** Text parts of one message are joined by newlines: they are separate paragraphs to a reader. */
export function joinText(pieces: string[]): string {
  return pieces.join("\n");
}

/** Keys of an input object that its format does not define, kept aside by the importer. */
export function extraKeys(input: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(input)) if (!known.has(key)) extra[key] = input[key];
  return extra;
}

