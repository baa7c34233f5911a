import { z } from "zod";
import { redactPassword } from "@/lib/platform/db/database-url";
import { emailSchema, nameSchema, passwordSchema } from "@/lib/accounts/schemas/accounts";
import { traceEnv } from "@/lib/transcripts/schemas/trace-env";
import { workerEnv } from "@/lib/runs/schemas/worker-env";

/** The shape of the tokens Callboard makes (`cb_` + 43 base64url characters), with room for longer ones. */
const ADMIN_TOKEN_PATTERN = /^cb_[A-Za-z0-9_-]{32,200}$/;

/** SQLite (the default, data/callboard.db) or PostgreSQL; lib/platform/db/url.ts checks the rest. */
const databaseUrl = z
  .string()
  .regex(
    /^(file:.+|postgres(ql)?:\/\/.+)/,
    'must be a SQLite file URL such as "file:./data/callboard.db" or a PostgreSQL URL such as "postgresql://user:password@localhost:5432/callboard"',
  )
  .optional();

/** Settings read from the environment, validated once so a bad value fails with a clear message at start-up. */
const envSchema = z.object({
  DATABASE_URL: databaseUrl,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  CALLBOARD_DEMO: z.enum(["0", "1"], { message: 'must be "0" (no demo data) or "1"' }).default("1"),
  CALLBOARD_MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(200),
  /** The first admin, created at start-up when there is nobody yet (instead of the first-run screen). */
  CALLBOARD_ADMIN_EMAIL: emailSchema.optional(),
  CALLBOARD_ADMIN_PASSWORD: passwordSchema.optional(),
  CALLBOARD_ADMIN_NAME: nameSchema.optional(),
  /** An API token for that admin, made at start-up, so CI can use the API without a browser. */
  CALLBOARD_ADMIN_TOKEN: z
    .string()
    .regex(ADMIN_TOKEN_PATTERN, "must be cb_ followed by 32 to 200 characters from A-Z, a-z, 0-9, _ and - (make one with: echo cb_$(openssl rand -hex 32))")
    .optional(),
  /** Signs session cookies; without it a random one is kept in data/.auth-secret. */
  CALLBOARD_AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters long").optional(),
  /** Reverse proxies in front of the server that append to X-Forwarded-For (lib/accounts/client-address.ts). */
  CALLBOARD_TRUSTED_PROXIES: z.coerce.number({ message: "must be a whole number of proxies" }).int("must be a whole number of proxies").min(0).max(10).default(0),
  ...traceEnv,
  ...workerEnv,
}).superRefine((value, context) => {
  // One without the other is a typo, not a choice: say so rather than start without an admin.
  if (value.CALLBOARD_ADMIN_EMAIL && !value.CALLBOARD_ADMIN_PASSWORD) {
    context.addIssue({ code: "custom", path: ["CALLBOARD_ADMIN_PASSWORD"], message: "is required when CALLBOARD_ADMIN_EMAIL is set" });
  }
  if (value.CALLBOARD_ADMIN_TOKEN && !value.CALLBOARD_ADMIN_EMAIL) {
    context.addIssue({ code: "custom", path: ["CALLBOARD_ADMIN_TOKEN"], message: "needs CALLBOARD_ADMIN_EMAIL and CALLBOARD_ADMIN_PASSWORD: the token belongs to that admin" });
  }
  if (value.CALLBOARD_ADMIN_PASSWORD && !value.CALLBOARD_ADMIN_EMAIL) {
    context.addIssue({ code: "custom", path: ["CALLBOARD_ADMIN_EMAIL"], message: "is required when CALLBOARD_ADMIN_PASSWORD is set" });
  }
});

/**
 * What `npm run worker` reads: the database, its own settings and trace assembly's. The web
 * server's settings are not its concern: the first admin and its token (CALLBOARD_ADMIN_*) are
 * made by the web's start-up, so a worker sharing the web's environment (one .env, compose's
 * common block) must not refuse to start over them.
 */
const workerProcessSchema = z.object({ DATABASE_URL: databaseUrl, ...traceEnv, ...workerEnv });

/** Values never repeated in an error message, since start-up errors end up in logs. */
const SECRET_VARIABLES = new Set(["CALLBOARD_ADMIN_PASSWORD", "CALLBOARD_AUTH_SECRET", "CALLBOARD_ADMIN_TOKEN"]);

export type Env = z.infer<typeof envSchema>;
export type WorkerProcessEnv = z.infer<typeof workerProcessSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseWith(envSchema, source);
}

/** The worker's settings only (workerProcessSchema): other variables are left to the processes that read them. */
export function parseWorkerEnv(source: Record<string, string | undefined>): WorkerProcessEnv {
  return parseWith(workerProcessSchema, source);
}

function parseWith<T>(schema: z.ZodType<T>, source: Record<string, string | undefined>): T {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const key = issue.path.join(".");
      const value = key === "DATABASE_URL" ? redactPassword(present[key] ?? "") : present[key];
      const got = SECRET_VARIABLES.has(key) ? "a value that is not shown" : JSON.stringify(value);
      return `${key}: ${issue.message} (got ${got})`;
    }),
  );
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

let cachedWorker: WorkerProcessEnv | undefined;
/** What `npm run worker` reads (workerProcessSchema), validated once. */
export function workerProcessEnv(): WorkerProcessEnv {
  cachedWorker ??= parseWorkerEnv(process.env);
  return cachedWorker;
}
