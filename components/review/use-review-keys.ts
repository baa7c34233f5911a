"use client";

import { useWindowKeydown } from "@/components/ui/keyboard/use-window-keydown";
import { commandForKey, isTypingTarget, type ReviewCommand } from "./shortcuts";

function focusTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return null;
  return { tagName: target.tagName, isContentEditable: target.isContentEditable, type: target.getAttribute("type") ?? "" };
}

/** Runs the page's command for each shortcut key, with the latest state (the item, the lock, the form). */
export function useReviewKeys(onCommand: (command: ReviewCommand) => void) {
  useWindowKeydown((event) => {
    const typing = isTypingTarget(focusTarget(event.target));
    const command = commandForKey(event, typing);
    if (!command) return;
    event.preventDefault();
    if (command === "leave-field" && event.target instanceof HTMLElement) {
      event.target.blur();
      return;
    }
    onCommand(command);
  });
}
