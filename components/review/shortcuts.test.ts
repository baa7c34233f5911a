import { describe, expect, it } from "vitest";
import { commandForKey, isTypingTarget, REVIEW_SHORTCUTS, type KeyPress } from "./shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  defaultPrevented: false,
  ...extra,
});

describe("commandForKey", () => {
  it.each([
    ["j", "next"],
    ["k", "previous"],
    ["a", "agree"],
    ["d", "disagree"],
    ["s", "discuss"],
    ["c", "focus-comment"],
    ["x", "done"],
    ["?", "toggle-help"],
  ] as const)("maps %s to %s outside a field", (key, command) => {
    expect(commandForKey(press(key), false)).toBe(command);
  });

  it("ignores every command key while typing, so text can hold those letters", () => {
    for (const shortcut of REVIEW_SHORTCUTS.filter((s) => s.command !== "leave-field")) {
      expect(commandForKey(press(shortcut.key), true)).toBeNull();
    }
  });

  it("takes Escape only inside a field, to leave it", () => {
    expect(commandForKey(press("Escape"), true)).toBe("leave-field");
    expect(commandForKey(press("Escape"), false)).toBeNull();
  });

  it("leaves keys with a modifier to the browser (Ctrl+C copies, Cmd+K searches)", () => {
    expect(commandForKey(press("c", { ctrlKey: true }), false)).toBeNull();
    expect(commandForKey(press("k", { metaKey: true }), false)).toBeNull();
    expect(commandForKey(press("j", { altKey: true }), false)).toBeNull();
  });

  it("ignores keys an IME is composing or another handler already took", () => {
    expect(commandForKey(press("a", { isComposing: true }), false)).toBeNull();
    expect(commandForKey(press("x", { defaultPrevented: true }), false)).toBeNull();
  });

  it("does not treat upper-case letters (Shift) or unknown keys as commands", () => {
    expect(commandForKey(press("J"), false)).toBeNull();
    expect(commandForKey(press("q"), false)).toBeNull();
  });
});

describe("isTypingTarget", () => {
  const el = (tagName: string, type = "", isContentEditable = false) => ({ tagName, type, isContentEditable });

  it("counts text fields, text areas, selects and editable content as typing", () => {
    expect(isTypingTarget(el("INPUT", "text"))).toBe(true);
    expect(isTypingTarget(el("INPUT", "number"))).toBe(true);
    expect(isTypingTarget(el("INPUT", ""))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", "", true))).toBe(true);
  });

  it("keeps shortcuts live on buttons, links, radios and checkboxes", () => {
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(el("A"))).toBe(false);
    expect(isTypingTarget(el("INPUT", "radio"))).toBe(false);
    expect(isTypingTarget(el("INPUT", "Checkbox"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("REVIEW_SHORTCUTS", () => {
  it("gives each key one command", () => {
    const keys = REVIEW_SHORTCUTS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
