"use client";

import { useRouter } from "next/navigation";
import { useWindowKeydown } from "@/components/ui/keyboard/use-window-keydown";

// A key typed into a field is text, not a command.
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT";
}

/** j and k move to the next and previous call of the list, as in mail readers and review queues. */
export function CallNavigationKeys({ previousHref, nextHref }: { previousHref: string | null; nextHref: string | null }) {
  const router = useRouter();
  useWindowKeydown((event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.isComposing) return;
    if (isTyping(event.target)) return;
    const href = event.key === "j" ? nextHref : event.key === "k" ? previousHref : null;
    if (!href) return;
    event.preventDefault();
    router.push(href);
  });
  return null;
}
