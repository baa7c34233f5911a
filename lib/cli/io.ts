import type { JudgeEnv } from "@/lib/judging/judges/registry";

/** What a command reads and writes: its streams, environment and directories (a terminal, or a test). */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: JudgeEnv;
  /** The directory the command was typed in: file arguments are relative to it. */
  cwd: string;
  /** Where prisma/ lives: migrations, and relative DATABASE_URL paths, are taken from here. */
  projectRoot: string;
}
