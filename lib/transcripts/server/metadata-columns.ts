import { METADATA_FIELDS_VERSION, metadataFields } from "@/lib/transcripts/metadata-fields";

/** Transcript's columns that hold the metadata's well-known fields, in the order metadataColumnValues gives them. */
export const METADATA_COLUMNS = ["model", "taskId", "trial", "tags", "reward", "success", "service", "promptVersion", "metadataVersion"] as const;

/** The values of METADATA_COLUMNS for a transcript's metadata, as SQLite stores them (booleans as 0/1). */
export function metadataColumnValues(metadata: unknown): (string | number | null)[] {
  const fields = metadataFields(metadata);
  return [
    fields.model,
    fields.taskId,
    fields.trial,
    fields.tags.length ? JSON.stringify(fields.tags) : null,
    fields.reward,
    fields.success === null ? null : fields.success ? 1 : 0,
    fields.service,
    fields.promptVersion,
    METADATA_FIELDS_VERSION,
  ];
}

/** metadataColumnValues as PostgreSQL stores them: the same, with `success` a boolean. */
export function postgresMetadataColumnValues(metadata: unknown): (string | number | boolean | null)[] {
  return metadataColumnValues(metadata).map((value, i) => (METADATA_COLUMNS[i] === "success" && value !== null ? value === 1 : value));
}

/** `"model" = ?, "taskId" = ?, …` for an UPDATE. */
export const METADATA_SET_SQL = METADATA_COLUMNS.map((column) => `"${column}" = ?`).join(", ");

/** The stored tags column as a list; anything but a JSON list of strings reads as none. */
export function parseTags(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

/** A transcript's stored metadata text, parsed; null when it is not JSON. */
export function parseMetadataOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
