"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";
import type { Outcome } from "./outcome";
import type { LockView } from "./types";

interface Options {
  lock: LockView;
  canReview: boolean;
  /** Take the lock as the page opens; a done item is opened to be read, so it is not. */
  claimOnOpen: boolean;
  /** How often an open, visible page renews its lock: well inside the lock's lifetime. */
  renewEveryMs: number;
  claim: () => Promise<Outcome>;
  release: () => Promise<Outcome>;
  /** Told when taking the lock failed (someone was quicker), to say so on the page. */
  onRefused: (outcome: Outcome) => void;
}

/**
 * Claims the item when the page opens, renews the claim while the page is open and visible,
 * and releases it when the reviewer moves on. A lock taken later (the "Work on it" button)
 * is renewed and released the same way. A hidden tab stops renewing, so a forgotten tab
 * lets the lock run out instead of holding the item for good.
 */
export function useItemLock({ lock, canReview, claimOnOpen, renewEveryMs, claim, release, onRefused }: Options) {
  const router = useRouter();
  const held = useRef(false);
  // The functions change on every render; the effect below must run once per item.
  const latest = useRef({ claim, release, onRefused });
  useEffect(() => {
    latest.current = { claim, release, onRefused };
  });

  const lockedByOther = lock.holder !== null && !lock.heldByMe;

  // A verdict also takes a free lock, and "done" ends it: what the server says wins.
  useEffect(() => {
    held.current = lock.heldByMe;
  }, [lock.heldByMe]);

  const take = useCallback(async (announce: boolean) => {
    const outcome = await latest.current.claim();
    held.current = outcome.ok;
    if (!outcome.ok && announce) latest.current.onRefused(outcome);
    return outcome;
  }, []);

  const letGo = useCallback(async () => {
    held.current = false;
    return latest.current.release();
  }, []);

  useEffect(() => {
    if (!canReview) return;
    if (claimOnOpen && !lockedByOther) void take(true);
    const renew = () => {
      if (held.current && document.visibilityState === "visible") void take(false);
    };
    const timer = window.setInterval(renew, renewEveryMs);
    document.addEventListener("visibilitychange", renew);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", renew);
      if (held.current) void letGo();
    };
    // Once per item: the page gives each item its own instance of the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canReview]);

  // Someone else's lock: look again once it has run out, so the page does not stay read-only.
  const until = lockedByOther && lock.until ? new Date(lock.until).getTime() : null;
  useEffect(() => {
    if (until === null) return;
    const timer = window.setTimeout(() => router.refresh(), Math.max(1_000, until - Date.now() + 1_000));
    return () => window.clearTimeout(timer);
  }, [until, router]);

  return { claimNow: () => take(true), releaseNow: letGo };
}
