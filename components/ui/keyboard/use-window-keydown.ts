"use client";

import { useEffect, useRef } from "react";

/** How many shortcut listeners are attached now; the page's <html> says "keys on" while any is. */
let listeners = 0;

/**
 * Listens for keydown on the window for as long as the component is mounted. A server-rendered page
 * shows its controls before React attaches this listener, so keys pressed that early do nothing:
 * `data-keys="on"` on <html> tells whoever drives the page (a test, an extension) that they now work.
 * The handler is read through a ref, so the listener is added once and sees the latest state.
 */
export function useWindowKeydown(onKeyDown: (event: KeyboardEvent) => void) {
  const handler = useRef(onKeyDown);
  useEffect(() => {
    handler.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    window.addEventListener("keydown", listener);
    listeners += 1;
    document.documentElement.dataset.keys = "on";
    return () => {
      window.removeEventListener("keydown", listener);
      listeners -= 1;
      if (listeners === 0) delete document.documentElement.dataset.keys;
    };
  }, []);
}
