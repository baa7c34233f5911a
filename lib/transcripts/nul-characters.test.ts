import { describe, expect, it } from "vitest";
import { firstNulPath, nulCharacterPath } from "./nul-characters";
import { importItem } from "./import-item";

describe("firstNulPath", () => {
  it("finds the first string or key holding U+0000, as a JSON path", () => {
    expect(firstNulPath({ a: ["x", { b: "y\u0000z" }] })).toBe("a[1].b");
    expect(firstNulPath({ a: 1, "odd\u0000key": 2 })).toBe('["odd\\u0000key"]');
    expect(firstNulPath("\u0000")).toBe("");
    expect(firstNulPath({ a: ["x", null, 3, true], b: "\\u0000 spelled out is fine" })).toBeNull();
  });
});

describe("nulCharacterPath", () => {
  const item = (content: string, args: string) =>
    importItem(
      {
        messages: [
          { role: "user", content },
          { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: args } }] },
        ],
        tools: [],
      },
      { file: "t.jsonl", line: 1 },
    );

  it("names the message, or the call whose arguments hold one once parsed", () => {
    const inContent = item("hi\u0000", "{}");
    const inArguments = item("hi", '{"q": "a\\u0000b"}');
    const clean = item("hi", '{"q": "a\\\\u0000b"}');
    if (!inContent.ok || !inArguments.ok || !clean.ok) throw new Error("the items should import");
    expect(nulCharacterPath(inContent)).toBe("messages[0].content");
    expect(nulCharacterPath({ ...clean, name: "named\u0000" })).toBe("name");
    expect(nulCharacterPath(inArguments)).toBe("messages[1].tool_calls[0].function.arguments");
    expect(nulCharacterPath(clean)).toBeNull();
  });
});
