import { describe, expect, it } from "vitest";
import { wordDiff, type WordDiffSegment } from "./word-diff";

const before = (segments: WordDiffSegment[]) => segments.filter((s) => s.kind !== "added").map((s) => s.text).join("");
const after = (segments: WordDiffSegment[]) => segments.filter((s) => s.kind !== "removed").map((s) => s.text).join("");

describe("wordDiff", () => {
  it("marks changed words and keeps the rest", () => {
    const { segments, wholeText } = wordDiff("The call uses the wrong city.", "The call uses the right city.");
    expect(wholeText).toBe(false);
    expect(segments).toEqual([
      { kind: "same", text: "The call uses the " },
      { kind: "removed", text: "wrong" },
      { kind: "added", text: "right" },
      { kind: "same", text: " city." },
    ]);
  });

  it("joins neighbouring changes across a space into one replacement", () => {
    expect(wordDiff("uses the wrong city today", "uses the right town today").segments).toEqual([
      { kind: "same", text: "uses the " },
      { kind: "removed", text: "wrong city" },
      { kind: "added", text: "right town" },
      { kind: "same", text: " today" },
    ]);
  });

  it("keeps pure insertions and deletions", () => {
    expect(wordDiff("Looks fine.", "Looks fine, as the response confirms.").segments).toEqual([
      { kind: "same", text: "Looks fine" },
      { kind: "added", text: ", as the response confirms" },
      { kind: "same", text: "." },
    ]);
    expect(wordDiff("a very long call", "a call").segments.filter((s) => s.kind !== "same")).toEqual([{ kind: "removed", text: "very long " }]);
  });

  it("gives one same segment for identical texts and none for two empty ones", () => {
    expect(wordDiff("same text", "same text")).toEqual({ segments: [{ kind: "same", text: "same text" }], wholeText: false });
    expect(wordDiff("", "")).toEqual({ segments: [], wholeText: false });
    expect(wordDiff(null, null)).toEqual({ segments: [], wholeText: false });
  });

  it("reads null as empty", () => {
    expect(wordDiff(null, "new text").segments).toEqual([{ kind: "added", text: "new text" }]);
    expect(wordDiff("old text", null).segments).toEqual([{ kind: "removed", text: "old text" }]);
  });

  it("diffs whitespace and newlines exactly", () => {
    const a = "line one\nline two  end";
    const b = "line one\n\nline 2 end";
    const { segments } = wordDiff(a, b);
    expect(before(segments)).toBe(a);
    expect(after(segments)).toBe(b);
  });

  it("reproduces both texts, with no empty or doubled segments", () => {
    const texts = [
      "The arguments match the schema.",
      "The arguments do not match the schema: `city` is missing.",
      "Hindsight: the tool returned an error, so the call was wrong.",
      "The call was right; the tool's error was transient.",
      "",
      "  leading and trailing  ",
      "Ünïcödé — punctuation… (and) [brackets]!",
    ];
    for (const a of texts) {
      for (const b of texts) {
        const { segments } = wordDiff(a, b);
        expect(before(segments)).toBe(a);
        expect(after(segments)).toBe(b);
        expect(segments.every((s) => s.text.length > 0)).toBe(true);
        segments.forEach((s, i) => {
          if (i > 0) expect(s.kind === "same" && segments[i - 1].kind === "same").toBe(false);
          // A removal never follows an addition: each change reads removed, then added.
          if (i > 0) expect(s.kind === "removed" && segments[i - 1].kind === "added").toBe(false);
        });
      }
    }
  });

  it("falls back to a whole-text replace past the size limit", () => {
    const a = "word ".repeat(50);
    const b = "other ".repeat(50);
    expect(wordDiff(a, b, { maxChars: 100, maxEdits: 1000 })).toEqual({
      segments: [
        { kind: "removed", text: a },
        { kind: "added", text: b },
      ],
      wholeText: true,
    });
  });

  it("falls back when the texts differ in more words than the edit limit", () => {
    const result = wordDiff("a b c d e f", "u v w x y z", { maxChars: 1000, maxEdits: 3 });
    expect(result.wholeText).toBe(true);
    expect(result.segments.map((s) => s.kind)).toEqual(["removed", "added"]);
  });

  it("does not diff long identical texts, nor fall back for them", () => {
    const long = "x ".repeat(50_000);
    expect(wordDiff(long, long)).toEqual({ segments: [{ kind: "same", text: long }], wholeText: false });
  });

  it("handles a long explanation under the default limits quickly", () => {
    const a = Array.from({ length: 800 }, (_, i) => `word${i}`).join(" ");
    const b = a.replace("word400", "changed");
    const started = Date.now();
    const { segments, wholeText } = wordDiff(a, b);
    expect(wholeText).toBe(false);
    expect(segments.filter((s) => s.kind !== "same")).toEqual([
      { kind: "removed", text: "word400" },
      { kind: "added", text: "changed" },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
