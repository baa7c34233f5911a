import { randomUUID } from "node:crypto";
import os from "node:os";

const HOST = os.hostname();

// Next can load a module twice (instrumentation and app bundles); the registry lives on globalThis
// so that every copy agrees on which workers of this process are alive.
const registry = globalThis as typeof globalThis & { __callboardLiveWorkers?: Set<string> };
const live = (registry.__callboardLiveWorkers ??= new Set<string>());

/** "<host>:<pid>:<nonce>": enough to tell, on the same machine, whether the claimer still runs. */
export function newWorkerId(): string {
  return `${HOST}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function parseWorkerId(id: string): { host: string; pid: number } | null {
  const parts = id.split(":");
  if (parts.length < 3) return null;
  const pid = Number(parts[parts.length - 2]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { host: parts.slice(0, -2).join(":"), pid };
}

export function markWorkerAlive(id: string): void {
  live.add(id);
}

export function markWorkerStopped(id: string): void {
  live.delete(id);
}

/** Whether a process of this machine still runs (one that belongs to someone else counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * True only when we know the claimer is gone: a worker of this process that stopped, or a
 * process on this machine that no longer exists. Claims from other machines, or from a pid
 * that was reused, are left to the lease.
 */
export function isWorkerGone(id: string): boolean {
  const parsed = parseWorkerId(id);
  if (!parsed || parsed.host !== HOST) return false;
  if (parsed.pid === process.pid) return !live.has(id);
  return !processAlive(parsed.pid);
}
