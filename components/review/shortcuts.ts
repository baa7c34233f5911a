/**
 * The review item page's keyboard map, kept free of React and the DOM so that what a key does,
 * and when it is ignored, can be tested without a browser.
 */
export type ReviewCommand = "next" | "previous" | "agree" | "disagree" | "discuss" | "focus-comment" | "done" | "toggle-help" | "leave-field";

export interface Shortcut {
  /** `KeyboardEvent.key`, as the browser reports it (so "?" rather than Shift+/). */
  key: string;
  command: ReviewCommand;
  /** Shown in the shortcut list; says what happens, not how. */
  description: string;
}

export const REVIEW_SHORTCUTS: readonly Shortcut[] = [
  { key: "j", command: "next", description: "Next item in this list" },
  { key: "k", command: "previous", description: "Previous item in this list" },
  { key: "a", command: "agree", description: "Agree with the judge" },
  { key: "d", command: "disagree", description: "Disagree, then choose the correct verdict or score" },
  { key: "s", command: "discuss", description: "Needs discussion" },
  { key: "c", command: "focus-comment", description: "Write a comment" },
  { key: "x", command: "done", description: "Mark done and open the next item (one left for discussion stays in review)" },
  { key: "?", command: "toggle-help", description: "Show or hide this list" },
  { key: "Escape", command: "leave-field", description: "Leave the field you are typing in" },
];

const byKey = new Map(REVIEW_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.command]));

/** What the page needs to know of a key press; a `KeyboardEvent` has all of it. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An IME is composing a character: the key belongs to the text. */
  isComposing: boolean;
  /** Another handler (a menu, a dialog) already acted on it. */
  defaultPrevented: boolean;
}

/** The element that had focus, reduced to what decides whether keys are text. */
export interface FocusTarget {
  tagName: string;
  isContentEditable: boolean;
  /** The `type` attribute of an input, lower case; empty for other elements. */
  type: string;
}

// Inputs that take no text: a letter typed on them is not meant as text, so shortcuts stay live.
const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/** A key typed into a field is text, not a command. A select counts: letters jump between its options. */
export function isTypingTarget(target: FocusTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && !NON_TEXT_INPUTS.has(target.type.toLowerCase());
}

/**
 * The command a key press stands for, or null when the page should leave the key alone: a
 * modifier is held (those belong to the browser and the system), an IME is composing, another
 * handler took it, or the reviewer is typing, where only Escape counts (to leave the field).
 */
export function commandForKey(press: KeyPress, typing: boolean): ReviewCommand | null {
  if (press.defaultPrevented || press.isComposing || press.altKey || press.ctrlKey || press.metaKey) return null;
  const command = byKey.get(press.key) ?? null;
  if (typing) return command === "leave-field" ? command : null;
  // Outside a field Escape has its own meanings (closing a dialog, the help): not ours to take.
  return command === "leave-field" ? null : command;
}
