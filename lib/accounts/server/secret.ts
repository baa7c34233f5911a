import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { databaseTarget } from "@/lib/platform/db/url";

/**
 * The key that signs session cookies. CALLBOARD_AUTH_SECRET wins; otherwise a random one is made
 * on first start and kept beside the database, so `npm start` needs no setup and sessions
 * survive restarts. It is never logged.
 */
export function authSecret(source: Record<string, string | undefined> = process.env): string {
  const fromEnv = source.CALLBOARD_AUTH_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("CALLBOARD_AUTH_SECRET must be at least 32 characters long.");
    return fromEnv;
  }
  const target = databaseTarget(source.DATABASE_URL);
  // Beside the SQLite file; with PostgreSQL in data/, which is one machine's: servers on
  // several machines need CALLBOARD_AUTH_SECRET to accept each other's sessions.
  const dir = target.provider === "sqlite" ? path.dirname(target.filePath) : path.resolve("data");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, ".auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes start at once, the second reads the first one's secret.
    fs.writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  }
}
