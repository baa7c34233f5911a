import { z } from "zod";

/** Settings read from the environment, validated once so a bad value fails with a clear message at start-up. */
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^file:.+/, 'must be a SQLite file URL such as "file:./data/callboard.db"')
    .optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  CALLBOARD_DEMO: z.enum(["0", "1"], { message: 'must be "0" (no demo data) or "1"' }).default("1"),
  CALLBOARD_MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(200),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const key = issue.path.join(".");
      return `${key}: ${issue.message} (got ${JSON.stringify(present[key])})`;
    }),
  );
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
