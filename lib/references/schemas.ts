import { z } from "zod";
import { uploadFileName } from "@/lib/transcripts/schemas/transcripts";
import { uploadResponseSchema } from "@/lib/transcripts/schemas/upload-response";

/** `POST /api/references?file=refs.jsonl`: the file's name, for its errors. */
export const referencesQuerySchema = z.object({ file: uploadFileName.optional() });

const target = z.object({ kind: z.enum(["task_id", "name", "transcript_id"]), value: z.string() });

/** What `POST /api/references` answers, as the upload page reads it. */
export const referencesReportSchema = z.object({
  file: z.string(),
  attached: z.array(z.object({ line: z.number(), target, transcripts: z.number() })),
  unmatched: z.array(z.object({ line: z.number(), target })),
  rejected: z.array(z.object({ file: z.string(), line: z.number(), path: z.string(), message: z.string() })),
  counts: z.object({ attached: z.number(), transcripts: z.number(), unmatched: z.number(), rejected: z.number() }),
});

export type ReferencesReportBody = z.infer<typeof referencesReportSchema>;

/**
 * The BFCL form of the upload page (`POST /api/references/bfcl`, multipart): BFCL's question file,
 * its possible answers and a model's results. The page checks its files with it before sending,
 * the route checks what arrived. A file input left empty arrives as an empty, nameless file.
 */
const chosenFile = (what: string) =>
  z.preprocess((value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value), z.file({ error: `expected ${what}: a file` }).optional());

export const bfclImportFormSchema = z.object({
  questions: chosenFile("BFCL's question file").refine((file) => file !== undefined, { error: "choose BFCL's question file (BFCL_v4_<category>.json)" }),
  answers: chosenFile("the possible-answer file"),
  results: chosenFile("the model's result file"),
});

/** `POST /api/references/bfcl?source=browser`: who is uploading, as `/api/transcripts` records it. */
export const bfclImportQuerySchema = z.object({ source: z.enum(["browser", "api"]).default("api") });

const lineError = z.object({ file: z.string(), line: z.number(), path: z.string(), message: z.string() });

/** What `POST /api/references/bfcl` answers: the import of the converted transcripts, and what was not converted. */
export const bfclImportResponseSchema = uploadResponseSchema.extend({
  conversion: z.object({ transcripts: z.number(), problems: z.array(lineError) }),
});

export type BfclImportResponse = z.infer<typeof bfclImportResponseSchema>;
