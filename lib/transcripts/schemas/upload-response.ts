import { z } from "zod";

const location = { line: z.number().optional(), index: z.number().optional() };

/** The answer of `POST /api/transcripts`, checked in the browser before it is shown. */
export const uploadResponseSchema = z.object({
  uploadId: z.string(),
  file: z.string(),
  bytes: z.number(),
  imported: z.array(z.object({ id: z.string(), name: z.string(), warnings: z.number(), ...location })),
  duplicates: z.array(z.object({ name: z.string(), existingId: z.string(), reason: z.string(), ...location })),
  rejected: z.array(z.object({ file: z.string(), path: z.string(), message: z.string(), code: z.string(), column: z.number().optional(), ...location })),
  criteria: z.array(z.string()),
  warnings: z.number(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadErrorSchema = z.object({ error: z.string() });
