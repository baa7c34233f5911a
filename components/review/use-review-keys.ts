"use client";

import { useEffect, useRef } from "react";
import { commandForKey, isTypingTarget, type ReviewCommand } from "./shortcuts";

function focusTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return null;
  return { tagName: target.tagName, isContentEditable: target.isContentEditable, type: target.getAttribute("type") ?? "" };
}

/**
 * Runs the page's command for each shortcut key. The handler is read through a ref, so the
 * listener is added once and always sees the latest state (the item, the lock, the form).
 */
export function useReviewKeys(onCommand: (command: ReviewCommand) => void) {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const typing = isTypingTarget(focusTarget(event.target));
      const command = commandForKey(event, typing);
      if (!command) return;
      event.preventDefault();
      if (command === "leave-field" && event.target instanceof HTMLElement) {
        event.target.blur();
        return;
      }
      handler.current(command);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
