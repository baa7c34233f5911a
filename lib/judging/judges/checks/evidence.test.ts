import { describe, expect, it } from "vitest";
import { quote } from "./evidence";

/** The whole text flattened, then cut: what `quote` must give however long the text. */
function reference(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}

describe("quote", () => {
  it("flattens and cuts long texts as if it read them whole", () => {
    const texts = [
      "short",
      "  padded \n text  ",
      "word ".repeat(400),
      `${" ".repeat(700)}late start ${"x".repeat(50)}`,
      `${"a".repeat(639)}   ${"b".repeat(10)}`,
      `${"a ".repeat(320)}${" ".repeat(900)}`,
      "\t\n".repeat(500),
      `${"é ".repeat(200)}\n\n${"z".repeat(700)}`,
    ];
    for (const text of texts) for (const max of [120, 160]) expect(quote(text, max), JSON.stringify(text.slice(0, 30))).toBe(reference(text, max));
  });
});
