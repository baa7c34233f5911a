import { AppError } from "@/lib/platform/errors/app-error";

/** A request's JSON path as a form field's dotted path: `alert[0].criterion` → `alert.0.criterion`. */
export function fieldOfPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, ".$1");
}

/**
 * Runs a use case whose refusals name a JSON `path` (services shared with the API), for a form
 * whose fields carry the same names: each refusal then comes back beside its field.
 */
export async function withPathAsField<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.details.path && !error.details.field) {
      throw new AppError(error.code, error.message, { ...error.details, field: fieldOfPath(error.details.path) });
    }
    throw error;
  }
}
