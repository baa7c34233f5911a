import type { PrismaClient } from "@/lib/generated/prisma/client";
import { removeFailedImports, type RemovalOptions } from "./remove-failed-imports";

interface CleanupState {
  running: Promise<void> | null;
  again: boolean;
}

// On globalThis: Next bundles this module into several server chunks, and there must be one task per process.
const holder = globalThis as typeof globalThis & { __callboardImportCleanup?: CleanupState };
const state = (holder.__callboardImportCleanup ??= { running: null, again: false });

/**
 * Starts removing failed files' transcripts in the background of this process, off the request
 * path: the request that saw the failure answers at once. One task at a time; a call while it
 * runs makes it go round once more. Resolves when nothing is left (tests and scripts wait on it).
 */
export function scheduleImportCleanup(prisma: PrismaClient, options?: RemovalOptions): Promise<void> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    do {
      state.again = false;
      try {
        await removeFailedImports(prisma, options);
      } catch (error) {
        // The rows stay hidden and the next failure or start-up tries again; nothing to undo.
        console.error("callboard: removing a failed upload's transcripts failed:", error instanceof Error ? error.message : error);
      }
    } while (state.again);
    state.running = null;
  })();
  return state.running;
}
