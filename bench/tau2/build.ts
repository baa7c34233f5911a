/**
 * Builds labelled dev sets of real multi-turn agent trajectories from stored tau2-bench
 * simulation results (see README.md in this folder).
 *
 *   npx tsx bench/tau2/build.ts --source /work/.mirror/sierra-research+tau2-bench/repo [--source owner/name=<git dir>]... [--out <dir>] [--manifest <file>]
 *
 * Every input is read with `git show <commit>:<path>` from a fetched snapshot (a git directory)
 * and checked against the blob id recorded in sources.json. Outputs (git-ignored):
 *   data/tau2-writes.jsonl     one transcript per trajectory; its state-changing calls labelled
 *                              against the task's ground-truth actions (tau2's compare_with_tool_call)
 *   data/tau2-reference.jsonl  the writes transcripts and labels, each with the task's ground-truth actions as a
 *                              top-level `reference` (issue 34's expected calls; reference.ts)
 *   data/tau2-responses.jsonl  the same transcripts; every call labelled by its tool response (error or not)
 *   data/tau2-trials.jsonl     trajectory-level records (no call labels) of tasks with both a
 *                              successful and a failed attempt
 *   data/SUMMARY.md            counts per file, domain and model, and the builder's self-checks
 * A manifest's `outputs` may name other files: sources-heldout-*.json build held-out sets (README.md).
 *
 * Tool schemas and read/write types are not in the results: they are extracted from the domain's
 * tools.py (and data_model.py) at the commit the simulation was run with (pytools.ts); the system
 * prompt is tau2's LLMAgent prompt (llm_agent.py at that commit) around the policy the run recorded.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { forkEvaluationToResults, policyFromRefinement } from "./fork-eval";
import { isPyObject, parsePyJson, pyDumps, pyEqual, PyFloat, stringifyKeepingFloats, type PyValue } from "./pyjson";
import { extractTools, pyFormat, readAgentPrompt, type ToolDef } from "./pytools";
import { compareWithToolCall, formatEqual, referenceCallMatches, referenceFromActions, ruleVerdicts, writtenReferenceSchema, type Reference, type RuleVerdict } from "./reference";

// ---------------------------------------------------------------- options

interface Options {
  sources: Map<string, string>;
  out: string;
  manifest: string;
}

const HERE = path.dirname(new URL(import.meta.url).pathname);

function die(message: string): never {
  console.error(`build: ${message}`);
  process.exit(1);
}

function parseOptions(argv: string[]): Options {
  const options: Options = { sources: new Map(), out: path.join(HERE, "data"), manifest: path.join(HERE, "sources.json") };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const value = () => argv[++index] ?? die(`${arg} needs a value`);
    if (arg === "--source") {
      const text = value();
      const named = /^([\w.-]+\/[\w.-]+)=(.+)$/.exec(text);
      // A fetched snapshot lives at .../<owner>+<name>/repo: the repository's name is in the path.
      const fromPath = /([\w.-]+)\+([\w.-]+)\/repo\/?$/.exec(text);
      const repo = named ? named[1] : fromPath ? `${fromPath[1]}/${fromPath[2]}` : die(`--source ${text}: give it as owner/name=<git dir>, or as a fetched snapshot path .../<owner>+<name>/repo`);
      const dir = named ? named[2] : text;
      if (!existsSync(dir) || !statSync(dir).isDirectory()) die(`--source ${text}: ${dir} does not exist (fetch the snapshot of ${repo} first)`);
      try {
        execFileSync("git", ["-C", dir, "rev-parse", "--git-dir"], { stdio: "pipe" });
      } catch {
        die(`--source ${text}: ${dir} is not a git directory`);
      }
      options.sources.set(repo, dir);
    } else if (arg === "--out") options.out = value();
    else if (arg === "--manifest") options.manifest = value();
    else if (arg === "--help" || arg === "-h") {
      console.log("usage: npx tsx bench/tau2/build.ts --source <snapshot git dir>... [--out <dir>] [--manifest <sources.json>]");
      process.exit(0);
    } else die(`unknown option ${arg}`);
  }
  if (!options.sources.size) die("--source <path to the fetched snapshot of sierra-research/tau2-bench> is required");
  if (!existsSync(options.manifest)) die(`manifest ${options.manifest} does not exist`);
  return options;
}

// ---------------------------------------------------------------- git

const fileCache = new Map<string, string>();

function gitShow(dir: string, commit: string, file: string): string {
  const key = `${dir}\u0000${commit}\u0000${file}`;
  let text = fileCache.get(key);
  if (text === undefined) {
    text = execFileSync("git", ["-C", dir, "show", `${commit}:${file}`], { maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "pipe"] }).toString("utf8");
    fileCache.set(key, text);
  }
  return text;
}

function gitBlob(dir: string, commit: string, file: string): string | null {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", `${commit}:${file}`], { stdio: ["ignore", "pipe", "pipe"] }).toString().trim();
  } catch {
    return null;
  }
}

function hasCommit(dir: string, sha: string): boolean {
  if (!/^[0-9a-f]{40}$/.test(sha)) return false;
  try {
    execFileSync("git", ["-C", dir, "cat-file", "-e", `${sha}^{commit}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Reads a manifest file and checks it is the recorded blob (a missing or changed file is fatal). */
function readRecorded(options: Options, entry: { repo: string; commit: string; path: string; blob: string }): string {
  const dir = options.sources.get(entry.repo) ?? die(`no --source for ${entry.repo}, needed for ${entry.path} (fetch github:${entry.repo} and pass its git dir)`);
  const blob = gitBlob(dir, entry.commit, entry.path);
  if (blob === null) die(`${entry.repo}@${entry.commit}:${entry.path} is not in ${dir} (an older or partial snapshot?)`);
  if (blob !== entry.blob) die(`${entry.repo}@${entry.commit}:${entry.path} is blob ${blob}, the manifest expects ${entry.blob}`);
  try {
    return gitShow(dir, entry.commit, entry.path);
  } catch {
    return die(`${entry.repo}@${entry.commit}:${entry.path}: its content is absent from the snapshot (files of 4 MiB or more are left out)`);
  }
}

// ---------------------------------------------------------------- manifest and output types

interface ManifestFile {
  repo: string;
  commit: string;
  ref: string;
  path: string;
  blob: string;
  /** The code to read tools and prompt from when the run's own info.git_commit is in no snapshot. */
  codeCommit?: string;
  codeCommitWhy?: string;
  /** "fork-evaluation": bogoliubon/tau2-bench's evaluate_prompt.py output (fork-eval.ts); default tau2's Results. */
  format?: "fork-evaluation";
  /** The refinement file whose policy the agent was given when the results record another one (the fork's --policy-path runs). */
  agentPolicy?: { repo: string; commit: string; path: string; blob: string; why: string };
}

interface Outputs {
  writes: string;
  /** The writes records, each with its task's expected calls as a top-level `reference` (reference.ts). */
  reference: string;
  responses: string;
  trials: string;
  summary: string;
}

interface Manifest {
  tau2Repo: string;
  domains: string[];
  /** Registered domain variants whose tools are another domain's tools module (see toolsDomainAt). */
  variants?: string[];
  schemaCheck: { repo: string; commit: string; path: string; blob: string };
  files: ManifestFile[];
  /** Output file names (default tau2-writes.jsonl, tau2-responses.jsonl, tau2-trials.jsonl, SUMMARY.md): a held-out manifest writes its own. */
  outputs?: Partial<Outputs>;
}

interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | null }
  | { role: "assistant"; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string | null };

interface Label {
  tool_call_id: string;
  verdict: "pass" | "fail";
  defect: string | null;
}

interface Meta {
  task_id: string;
  trial: number | null;
  reward: number | null;
  model: string;
  domain: string;
  agent: string;
  user_model: string | null;
  termination_reason: string | null;
  /** true when the system prompt is exactly what tau2's LLMAgent sent (stock agent, recorded policy). */
  prompt_exact: boolean;
  /** The tau2 code the tools and prompt were read from. */
  code: string;
  task_hash: string;
  /** The policy in the system prompt (sha256, 12 hex): runs of one domain and task may differ in policy (a fork's edited airline policy). */
  policy_hash: string;
  /** tau2-writes.jsonl only: for each labelled write, the ground-truth action it matched, or how it differs from the nearest one. */
  write_checks?: WriteCheck[];
  /** tau2-reference.jsonl only: for each labelled write, the issue's per-call verdict on the record's reference (may differ from the label). */
  reference_rule?: ReferenceRuleCheck[];
}

/**
 * The verdict issue 34's per-call rule gives a labelled write on the record's reference (calls in
 * transcript order, each reference call performed once, an error response matching without
 * performing; values compared as the reference's `match` says: booleans apart from numbers).
 */
interface ReferenceRuleCheck {
  tool_call_id: string;
  verdict: "pass" | "fail";
  /** The ground-truth action (reference step) the call matched. */
  action_id: string | null;
  /** The call performed that action: it matched and its response was not an error. */
  performs: boolean;
  /** A failed call that matches actions an earlier call already performed: the first of them. */
  repeat_of: string | null;
  /** Why the verdict differs from the label (null when they agree). */
  differs: string | null;
}

interface WriteCheck {
  tool_call_id: string;
  /** action_id of the ground-truth action the call matches. */
  matched: string | null;
  /** Failed calls: the ground-truth action of the same tool closest to the call (fewest differing arguments). */
  nearest: string | null;
  /** Failed calls: the compared arguments whose values differ from `nearest` (missing or extra ones included). */
  differing: string[];
  /** Failed calls: true when the call equals `nearest` once keys the ground truth does not have are dropped (e.g. extra fields inside flight objects): probably harmless. */
  extra_keys_only: boolean;
}

interface Record_ {
  id: string;
  pair: string | null;
  source: string;
  category: string;
  meta: Meta;
  messages: ChatMessage[];
  tools: ToolDef["schema"][];
  /** tau2-reference.jsonl only: the task's ground-truth actions as expected calls (issue 34's format). */
  reference?: Reference;
  labels: Label[];
}

/** One assistant call with what the labels need. */
interface CallInfo {
  id: string;
  name: string;
  args: PyValue;
  /** null: no response in the trajectory. */
  error: boolean | null;
  /** Only the first call of an id is labelled: the bench gives a repeated id's label to its first call. */
  firstOfId: boolean;
}

/**
 * A manifest file as tau2's Results. A fork evaluation file (fork-eval.ts) gets its tasks from the
 * domain's tasks.json at the entry's code commit; the builder checks each attempt against the
 * ground-truth actions tau2 recorded (resolveTasks), as for any file.
 */
function readResults(options: Options, entry: ManifestFile, skip: (why: string, count?: number) => void): { [key: string]: PyValue } {
  const value = parsePyJson(readRecorded(options, entry));
  if (entry.format !== "fork-evaluation") return obj(value);
  const where = `${entry.repo}@${entry.commit.slice(0, 10)}:${entry.path}`;
  const domain = str(obj(obj(value).config).domain) ?? die(`${where}: config.domain is missing`);
  const dir = options.sources.get(entry.repo)!;
  const codeCommit = entry.codeCommit ?? entry.commit;
  const tasksPath = `data/tau2/domains/${domain}/tasks.json`;
  if (!gitBlob(dir, codeCommit, tasksPath)) die(`${where}: ${tasksPath} is not at ${codeCommit.slice(0, 10)}`);
  try {
    const { results, skipped } = forkEvaluationToResults(value, parsePyJson(gitShow(dir, codeCommit, tasksPath)), where);
    for (const [why, count] of Object.entries(skipped)) skip(why, count);
    return results;
  } catch (error) {
    return die((error as Error).message);
  }
}

// ---------------------------------------------------------------- domain context (tools, prompt) per code commit

interface DomainContext {
  code: string;
  tools: ToolDef[];
  writeTools: Set<string>;
  instruction: string;
  template: string;
}

const contexts = new Map<string, DomainContext & { toolsDomain: string; toolsBlobs: string }>();

/**
 * The domain package whose tools.py the domain's environment uses at `commit`: the domain's own
 * when it has a tools.py; for a variant without one (airline_tighter_policy, telecom-workflow), the
 * package of the environment function registry.py registers under the variant's name, followed to
 * the tools module that environment.py imports. null when the code does not say.
 */
function toolsDomainAt(dir: string, commit: string, domain: string): string | null {
  if (gitBlob(dir, commit, `src/tau2/domains/${domain}/tools.py`)) return domain;
  if (!gitBlob(dir, commit, "src/tau2/registry.py")) return null;
  const registry = gitShow(dir, commit, "src/tau2/registry.py");
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const registered = new RegExp(`register_domain\\(\\s*(\\w+)\\s*,\\s*"${escaped}"\\s*,?\\s*\\)`).exec(registry);
  if (!registered) return null;
  const imported = new RegExp(`from tau2\\.domains\\.(\\w+)\\.environment import \\(?\\s*\\w+ as ${registered[1]}\\b`).exec(registry);
  if (!imported) return null;
  const environmentPath = `src/tau2/domains/${imported[1]}/environment.py`;
  if (!gitBlob(dir, commit, environmentPath)) return null;
  const toolsImports = [...gitShow(dir, commit, environmentPath).matchAll(/^from tau2\.domains\.(\w+)\.tools import /gm)].map((match) => match[1]);
  if (new Set(toolsImports).size !== 1) return null;
  return gitBlob(dir, commit, `src/tau2/domains/${toolsImports[0]}/tools.py`) ? toolsImports[0] : null;
}

function domainContext(dir: string, repo: string, commit: string, domain: string): DomainContext {
  const key = `${dir}\u0000${commit}\u0000${domain}`;
  let context = contexts.get(key);
  if (!context) {
    const toolsDomain = toolsDomainAt(dir, commit, domain) ?? die(`${repo}@${commit.slice(0, 10)}: cannot tell which tools.py the ${domain} environment uses`);
    const sourceFiles = [`src/tau2/domains/${toolsDomain}/tools.py`, `src/tau2/domains/${toolsDomain}/data_model.py`];
    const tools = extractTools({
      toolsPy: gitShow(dir, commit, sourceFiles[0]),
      dataModelPy: gitShow(dir, commit, sourceFiles[1]),
      toolkitPy: gitShow(dir, commit, "src/tau2/environment/toolkit.py"),
    });
    const prompt = readAgentPrompt(gitShow(dir, commit, "src/tau2/agent/llm_agent.py"));
    context = {
      code: `${repo}@${commit}`,
      toolsDomain,
      toolsBlobs: sourceFiles.map((file) => gitBlob(dir, commit, file)).join(","),
      tools,
      writeTools: new Set(tools.filter((tool) => tool.toolType === "write").map((tool) => tool.name)),
      ...prompt,
    };
    contexts.set(key, context);
  }
  return context;
}

/** The commit whose code ran the simulation (info.git_commit) when a snapshot has it, else the file's own commit. */
function codeFor(options: Options, manifest: Manifest, entry: ManifestFile, gitCommit: string, domain: string): { dir: string; repo: string; commit: string } {
  const candidates: [string, string][] = [];
  for (const repo of [entry.repo, manifest.tau2Repo]) {
    const dir = options.sources.get(repo);
    if (dir && !candidates.some(([, known]) => known === dir)) candidates.push([repo, dir]);
  }
  for (const [repo, dir] of candidates) {
    if (hasCommit(dir, gitCommit) && toolsDomainAt(dir, gitCommit, domain)) return { dir, repo, commit: gitCommit };
  }
  const dir = options.sources.get(entry.repo)!;
  if (entry.codeCommit && !hasCommit(dir, entry.codeCommit)) die(`codeCommit ${entry.codeCommit} of ${entry.path} is not in ${dir}`);
  return { dir, repo: entry.repo, commit: entry.codeCommit ?? entry.commit };
}

// ---------------------------------------------------------------- tau2 semantics

const str = (value: PyValue | undefined): string | null => (typeof value === "string" ? value : null);
const num = (value: PyValue | undefined): number | null => (value instanceof PyFloat ? value.value : typeof value === "number" ? value : null);
const obj = (value: PyValue | undefined): { [key: string]: PyValue } => (isPyObject(value) ? value : {});
const arr = (value: PyValue | undefined): PyValue[] => (Array.isArray(value) ? value : []);

/** tau2's Action.compare_with_tool_call (data_model/tasks.py), with Python's ==. */
const actionMatches = (action: { [key: string]: PyValue }, name: string, args: PyValue): boolean => compareWithToolCall(action, name, args, pyEqual);

/** What tau2 compares of a call against an action, and which of those arguments differ. */
function argumentDifferences(action: { [key: string]: PyValue }, args: PyValue): string[] {
  const callArgs = obj(args);
  const actionArgs = obj(action.arguments);
  const compareArgs = Array.isArray(action.compare_args) ? action.compare_args.map(String) : Object.keys(callArgs);
  const keys = [...new Set([...compareArgs.filter((key) => key in callArgs || key in actionArgs)])];
  return keys.filter((key) => !(key in callArgs && key in actionArgs && pyEqual(callArgs[key], actionArgs[key]))).sort();
}

/** `call` equals `gold` when keys that `gold` lacks are dropped from `call`'s objects. */
function equalIgnoringExtraKeys(call: PyValue, gold: PyValue): boolean {
  if (isPyObject(gold)) {
    if (!isPyObject(call)) return false;
    return Object.keys(gold).every((key) => key in call && equalIgnoringExtraKeys(call[key], gold[key]));
  }
  if (Array.isArray(gold)) return Array.isArray(call) && call.length === gold.length && gold.every((item, index) => equalIgnoringExtraKeys(call[index], item));
  return pyEqual(call, gold);
}

function writeCheck(call: CallInfo, goldActions: { [key: string]: PyValue }[]): WriteCheck {
  const matched = goldActions.find((action) => actionMatches(action, call.name, call.args));
  if (matched) return { tool_call_id: call.id, matched: str(matched.action_id), nearest: null, differing: [], extra_keys_only: false };
  let nearest: { [key: string]: PyValue } | null = null;
  let differing: string[] = [];
  for (const action of goldActions) {
    if (str(action.name) !== call.name) continue;
    const difference = argumentDifferences(action, call.args);
    if (!nearest || difference.length < differing.length) {
      nearest = action;
      differing = difference;
    }
  }
  const extraKeysOnly = nearest !== null && equalIgnoringExtraKeys(obj(call.args), Object.fromEntries(Object.entries(obj(nearest.arguments)).filter(([key]) => key in obj(call.args))));
  return { tool_call_id: call.id, matched: null, nearest: nearest ? str(nearest.action_id) : null, differing, extra_keys_only: extraKeysOnly };
}

/** Canonical text of a value (sorted keys) for hashing. */
function canonical(value: PyValue): string {
  if (value instanceof PyFloat) return pyDumps(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isPyObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** A task's identity across result files: what the user is told and what the ground truth is. */
const taskHash = (task: { [key: string]: PyValue }) =>
  createHash("sha256")
    .update(canonical({ instructions: obj(task.user_scenario).instructions ?? null, actions: obj(task.evaluation_criteria).actions ?? null }))
    .digest("hex")
    .slice(0, 12);

/**
 * Each simulation's task. tau2 records, in reward_info.action_checks, the ground-truth actions it
 * checked the simulation against: they must be the actions of the task its task_id names. In a
 * file where they are not (a submission whose task_id fields were filled in wrongly), a simulation
 * is given the one task whose actions are the recorded ones; a simulation of such a file with no
 * recorded actions to go by is left out, as is one whose recorded actions fit no single task.
 */
function resolveTasks(simulations: PyValue[], tasks: Map<string, { [key: string]: PyValue }>) {
  const actionsText = (actions: PyValue | undefined) => canonical(arr(actions));
  const byActions = new Map<string, string[]>();
  for (const [id, task] of tasks) {
    const key = actionsText(obj(task.evaluation_criteria).actions);
    byActions.set(key, [...(byActions.get(key) ?? []), id]);
  }
  const counts = { "task checked against tau2's recorded actions": 0, "task_id corrected from tau2's recorded actions": 0, "task not checkable (no recorded actions)": 0 };
  const bySimulation = new Map<PyValue, { [key: string]: PyValue } | string>();
  let fileUnreliable = false;
  const unchecked: PyValue[] = [];
  for (const simValue of simulations) {
    const sim = obj(simValue);
    const task = tasks.get(String(sim.task_id));
    const recorded = arr(obj(sim.reward_info).action_checks).map((check) => obj(check).action ?? null);
    if (!recorded.length) {
      unchecked.push(simValue);
      if (task) bySimulation.set(simValue, task);
      else bySimulation.set(simValue, "task_id not among the file's tasks");
      continue;
    }
    if (task && actionsText(obj(task.evaluation_criteria).actions) === actionsText(recorded)) {
      counts["task checked against tau2's recorded actions"]++;
      bySimulation.set(simValue, task);
      continue;
    }
    fileUnreliable = true;
    const candidates = byActions.get(actionsText(recorded)) ?? [];
    if (candidates.length === 1) {
      counts["task_id corrected from tau2's recorded actions"]++;
      bySimulation.set(simValue, tasks.get(candidates[0])!);
    } else bySimulation.set(simValue, "task_id contradicted by tau2's recorded actions");
  }
  for (const simValue of unchecked) {
    if (fileUnreliable) bySimulation.set(simValue, "task_id unreliable in this file, no recorded actions to correct it");
    else if (typeof bySimulation.get(simValue) !== "string") counts["task not checkable (no recorded actions)"]++;
  }
  return { bySimulation, counts };
}

// ---------------------------------------------------------------- conversion

interface Converted {
  messages: ChatMessage[];
  calls: CallInfo[];
  counts: { userToolTurnsDropped: number; orphanResponses: number; stringArguments: number };
}

/**
 * The conversation as the agent's LLM saw it (tau2's to_litellm_messages over the agent's state):
 * system prompt, then every assistant and user text turn and the agent's own tool results. The
 * user simulator's tool calls (telecom: the user acting on their phone) and their results go to
 * the user, not the agent, and are left out.
 */
function convert(simMessages: PyValue[], systemPrompt: string): Converted {
  const messages: ChatMessage[] = [{ role: "system", content: systemPrompt }];
  const calls: CallInfo[] = [];
  const counts = { userToolTurnsDropped: 0, orphanResponses: 0, stringArguments: 0 };
  const seenIds = new Set<string>();
  const pending: CallInfo[] = [];
  for (const raw of simMessages) {
    const message = obj(raw);
    const role = str(message.role);
    const toolCalls = arr(message.tool_calls);
    if (role === "assistant") {
      const out: ChatMessage = { role: "assistant", content: str(message.content) };
      if (toolCalls.length) {
        out.tool_calls = toolCalls.map((value) => {
          const call = obj(value);
          const id = str(call.id) ?? String(call.id);
          const name = str(call.name) ?? "";
          let args: PyValue = call.arguments ?? {};
          let argumentsText: string;
          if (typeof args === "string") {
            counts.stringArguments++;
            argumentsText = args;
            try {
              args = parsePyJson(args);
            } catch {
              args = {};
            }
          } else argumentsText = pyDumps(args);
          const info: CallInfo = { id, name, args, error: null, firstOfId: !seenIds.has(id) };
          seenIds.add(id);
          calls.push(info);
          pending.push(info);
          return { id, type: "function" as const, function: { name, arguments: argumentsText } };
        });
      }
      messages.push(out);
    } else if (role === "user") {
      if (toolCalls.length) {
        counts.userToolTurnsDropped++;
        continue;
      }
      messages.push({ role: "user", content: str(message.content) });
    } else if (role === "tool") {
      if (str(message.requestor) === "user") continue;
      const id = str(message.id) ?? String(message.id);
      // The nearest earlier unanswered call of this id.
      let owner = -1;
      for (let index = pending.length - 1; index >= 0; index--) {
        if (pending[index].id === id) {
          owner = index;
          break;
        }
      }
      if (owner < 0) counts.orphanResponses++;
      else {
        // Some stored runs (leaderboard submissions) leave `error` null; tau2's environment writes
        // a rejected call's response as "Error: <exception>" (environment.get_response).
        pending[owner].error = message.error === true || (message.error == null && /^Error: /.test(str(message.content) ?? ""));
        pending.splice(owner, 1);
      }
      messages.push({ role: "tool", tool_call_id: id, content: str(message.content) });
    }
  }
  return { messages, calls, counts };
}

// ---------------------------------------------------------------- reference (issue 34's expected calls)

interface ReferenceStats {
  records: number;
  requiredCalls: number;
  optionalCalls: number;
  userActions: number;
  /** Ground-truth actions with compare_args set, by "name [keys]". */
  compareArgs: Map<string, number>;
  /** Agent actions naming a tool the domain does not offer. */
  unofferedActions: Map<string, number>;
  /** Numbers written as floats (1.0) in reference arguments (the output keeps them as floats: stringifyKeepingFloats). */
  floatArgs: number;
  /** Self-check: (call, action) pairs where the reference call's matching equals compare_with_tool_call. */
  mappingPairs: number;
  mappingProblems: string[];
  labelled: number;
  /** Labelled writes the issue's rule judges otherwise than tau2's label, with Python's == (order and performing alone). */
  orderDisagreements: string[];
  /** Labelled writes whose tau2 label changes when booleans are not numbers (True == 1). */
  boolNumber: string[];
  /** Labelled writes whose tau2 label changes when ints and floats differ (1 == 1.0). */
  intFloat: string[];
  /** Labelled writes whose tau2 label changes when lists compare in any order. */
  listOrder: string[];
  /** Labelled writes the issue's rule on the reference (format equality) judges otherwise than the label. */
  ruleDisagreements: string[];
  /** Labelled writes that matched more than one reference call not yet performed. */
  ambiguous: number;
  /** Labelled writes that matched with an error response (do not perform). */
  errorMatches: number;
  /** Judged calls without a label (a reused call id) and how many of them performed a reference call. */
  unlabelledJudged: number;
  unlabelledPerforming: string[];
  /** Transcript verdicts by the issue's rule (every judged call passes, no required call missing) against tau2's reward. */
  transcripts: { passReward1: number; passReward0: number; failReward1: number; failReward0: number; noReward: number };
}

const newReferenceStats = (): ReferenceStats => ({
  records: 0,
  requiredCalls: 0,
  optionalCalls: 0,
  userActions: 0,
  compareArgs: new Map(),
  unofferedActions: new Map(),
  floatArgs: 0,
  mappingPairs: 0,
  mappingProblems: [],
  labelled: 0,
  orderDisagreements: [],
  boolNumber: [],
  intFloat: [],
  listOrder: [],
  ruleDisagreements: [],
  ambiguous: 0,
  errorMatches: 0,
  unlabelledJudged: 0,
  unlabelledPerforming: [],
  transcripts: { passReward1: 0, passReward0: 0, failReward1: 0, failReward0: 0, noReward: 0 },
});

/** Python's == except that lists are compared as multisets: to count where list order decides a label. */
function pyEqualIgnoringListOrder(a: PyValue, b: PyValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const used = b.map(() => false);
    return a.every((item) => {
      const index = b.findIndex((other, at) => !used[at] && pyEqualIgnoringListOrder(item, other));
      if (index >= 0) used[index] = true;
      return index >= 0;
    });
  }
  if (isPyObject(a) && isPyObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && pyEqualIgnoringListOrder(a[key], b[key]));
  }
  return pyEqual(a, b);
}

const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

function countFloats(value: PyValue): number {
  if (value instanceof PyFloat) return 1;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + countFloats(item), 0);
  if (isPyObject(value)) return Object.values(value).reduce<number>((sum, item) => sum + countFloats(item), 0);
  return 0;
}

/**
 * The writes record with its task's reference, and the issue's per-call verdicts beside tau2's
 * labels (meta.reference_rule). Checks, for every call and agent action, that the reference call
 * matches exactly when compare_with_tool_call does (the mapping is exact), and counts where the
 * issue's rule or the format's equality would judge a labelled write otherwise.
 */
function referenceRecord(record: Record_, calls: CallInfo[], goldActions: { [key: string]: PyValue }[], context: DomainContext, stats: ReferenceStats): Record_ {
  const freeTools = context.tools.filter((tool) => !context.writeTools.has(tool.name)).map((tool) => tool.name);
  const offered = new Set(context.tools.map((tool) => tool.name));
  const { reference, actionIds, userActions } = referenceFromActions(goldActions, freeTools);
  const agentActions = goldActions.filter((action) => (action.requestor ?? "assistant") === "assistant");
  const referenceCalls = reference.steps.flatMap((step) => step.calls);
  stats.records++;
  stats.userActions += userActions;
  for (const call of referenceCalls) {
    if (call.optional) stats.optionalCalls++;
    else stats.requiredCalls++;
    if (call.compare) bump(stats.compareArgs, `${call.name} [${call.compare.join(", ")}]`);
    if (!offered.has(call.name)) bump(stats.unofferedActions, call.name);
    stats.floatArgs += countFloats(call.args);
  }
  const where = (call: CallInfo) => `${record.id} ${call.id} ${call.name}`;
  for (const call of calls) {
    agentActions.forEach((action, index) => {
      stats.mappingPairs++;
      if (referenceCallMatches(referenceCalls[index], call.name, call.args, pyEqual) !== compareWithToolCall(action, call.name, call.args, pyEqual)) {
        stats.mappingProblems.push(`${where(call)} against ${str(action.action_id)}`);
      }
    });
  }

  const label = new Map(record.labels.map((item) => [item.tool_call_id, item.verdict]));
  const exact = ruleVerdicts(calls, reference, pyEqual);
  const byFormat = ruleVerdicts(calls, reference, formatEqual("value"));
  const actionId = (index: number | null) => (index === null ? null : actionIds[index]);
  const describe = (verdicts: RuleVerdict[], at: number): string => {
    const verdict = verdicts[at];
    if (verdict.verdict === "fail" && verdict.repeatOf !== null) {
      const earlier = calls.find((other, index) => index < at && verdicts[index].performs && verdicts[index].matched === verdict.repeatOf);
      return `repeats ${actionId(verdict.repeatOf)}, performed by ${earlier ? earlier.id : "an earlier call"}`;
    }
    return verdict.verdict === "fail" ? "matches no reference call" : `matches ${actionId(verdict.matched)}`;
  };
  const checks: ReferenceRuleCheck[] = [];
  calls.forEach((call, index) => {
    const rule = byFormat[index];
    if (rule.verdict === "free") return;
    const tau2 = label.get(call.id);
    if (!call.firstOfId || tau2 === undefined) {
      stats.unlabelledJudged++;
      if (rule.performs) stats.unlabelledPerforming.push(`${where(call)} (call ${index + 1} of ${calls.length}) performs ${actionId(rule.matched)}`);
      return;
    }
    stats.labelled++;
    if (rule.candidates > 1) stats.ambiguous++;
    if (rule.verdict === "pass" && !rule.performs) stats.errorMatches++;
    if ((exact[index].verdict === "pass") !== (tau2 === "pass")) stats.orderDisagreements.push(`${where(call)}: label ${tau2}, rule ${exact[index].verdict} (${describe(exact, index)})`);
    const anyMatch = (equal: (a: PyValue, b: PyValue) => boolean) => goldActions.some((action) => compareWithToolCall(action, call.name, call.args, equal));
    const python = anyMatch(pyEqual);
    const byValue = anyMatch(formatEqual("value"));
    const typed = anyMatch(formatEqual("typed"));
    if (python !== byValue) stats.boolNumber.push(`${where(call)}: tau2 ${python ? "pass" : "fail"}, booleans apart from numbers ${byValue ? "pass" : "fail"} (${pyDumps(call.args)})`);
    if (byValue !== typed) stats.intFloat.push(`${where(call)}: by value ${byValue ? "pass" : "fail"}, typed ${typed ? "pass" : "fail"} (${pyDumps(call.args)})`);
    if (python !== anyMatch(pyEqualIgnoringListOrder)) stats.listOrder.push(`${where(call)}: tau2 ${python ? "pass" : "fail"}, lists in any order ${python ? "fail" : "pass"}`);
    const differs = (rule.verdict === "pass") === (tau2 === "pass") ? null : python !== byValue ? "booleans are not numbers in the format (Python: True == 1)" : describe(byFormat, index);
    if (differs) stats.ruleDisagreements.push(`${where(call)}: label ${tau2}, rule ${rule.verdict} (${differs})`);
    checks.push({ tool_call_id: call.id, verdict: rule.verdict === "pass" ? "pass" : "fail", action_id: actionId(rule.matched), performs: rule.performs, repeat_of: actionId(rule.repeatOf), differs });
  });

  // The issue's transcript verdict: every judged call passes and every required reference call was performed.
  const performed = new Set(byFormat.filter((verdict) => verdict.performs).map((verdict) => verdict.matched));
  const transcriptPass = byFormat.every((verdict) => verdict.verdict !== "fail") && referenceCalls.every((call, index) => call.optional || performed.has(index));
  const reward = record.meta.reward;
  if (reward === null) stats.transcripts.noReward++;
  else if (reward >= 1 - 1e-6) stats.transcripts[transcriptPass ? "passReward1" : "failReward1"]++;
  else stats.transcripts[transcriptPass ? "passReward0" : "failReward0"]++;

  return { ...record, meta: { ...record.meta, reference_rule: checks }, reference };
}

function referenceNotes(stats: ReferenceStats): string[] {
  const list = (items: string[]) => (items.length ? `: ${items.join("; ")}` : "");
  const counts = (map: Map<string, number>) => [...map].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key} ×${count}`).join(", ") || "none";
  const t = stats.transcripts;
  return [
    `reference: ${stats.records} records; ${stats.requiredCalls} required reference calls (writes), ${stats.optionalCalls} optional (free tools); ${stats.userActions} user actions left out; actions with compare_args: ${counts(stats.compareArgs)}; actions of tools not offered: ${counts(stats.unofferedActions)}; float numbers in reference arguments: ${stats.floatArgs}`,
    `reference self-check: ${stats.mappingPairs - stats.mappingProblems.length} of ${stats.mappingPairs} (call, ground-truth action) pairs match on the reference call exactly when compare_with_tool_call matches${list(stats.mappingProblems.slice(0, 5))}`,
    `reference rule against tau2's labels, Python's == (order and performing alone): ${stats.labelled - stats.orderDisagreements.length} of ${stats.labelled} labelled writes agree${list(stats.orderDisagreements)}`,
    `Python's True == 1 decides ${stats.boolNumber.length} labels${list(stats.boolNumber)}; 1 == 1.0 (numbers "typed" instead of "value") would change ${stats.intFloat.length}${list(stats.intFloat)}; list order (Python compares lists in order) decides ${stats.listOrder.length}${list(stats.listOrder)}`,
    `reference rule on the reference as written (booleans apart from numbers, numbers by value): ${stats.labelled - stats.ruleDisagreements.length} of ${stats.labelled} labelled writes agree with tau2's label${list(stats.ruleDisagreements)}`,
    `reference rule, other counts: ${stats.ambiguous} labelled writes matched more than one open reference call (the first taken); ${stats.errorMatches} matched with an error response (not performing); ${stats.unlabelledJudged} judged calls reuse an earlier call id (unlabelled), ${stats.unlabelledPerforming.length} of them performed a reference call${list(stats.unlabelledPerforming)}`,
    `reference rule, transcript verdicts against tau2's reward: pass & reward 1: ${t.passReward1}, pass & reward 0: ${t.passReward0}, fail & reward 1: ${t.failReward1}, fail & reward 0: ${t.failReward0}, no reward: ${t.noReward} (tau2's reward is the database state and communication for most tasks, not the actions)`,
  ];
}

// ---------------------------------------------------------------- summary

interface Tally {
  trajectories: number;
  calls: number;
  labelled: number;
  pass: number;
  fail: number;
}

function tallyOf(records: Record_[], key: (record: Record_) => string): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const record of records) {
    const name = key(record);
    const tally = tallies.get(name) ?? { trajectories: 0, calls: 0, labelled: 0, pass: 0, fail: 0 };
    tally.trajectories++;
    for (const message of record.messages) if (message.role === "assistant") tally.calls += message.tool_calls?.length ?? 0;
    tally.labelled += record.labels.length;
    tally.pass += record.labels.filter((label) => label.verdict === "pass").length;
    tally.fail += record.labels.filter((label) => label.verdict === "fail").length;
    tallies.set(name, tally);
  }
  return new Map([...tallies].sort(([a], [b]) => a.localeCompare(b)));
}

/** The model, with the agent implementation when it is not tau2's stock LLMAgent. */
const modelName = (meta: Meta) => (meta.agent === "llm_agent" ? meta.model : `${meta.model} (${meta.agent})`);

/** One row per domain and model: trajectories and calls, then each file's labels. */
function summaryTable(writes: Record_[], responses: Record_[], trials: Record_[]): string {
  const keyOf = (record: Record_) => `${record.category}\u0000${modelName(record.meta)}`;
  const w = tallyOf(writes, keyOf);
  const r = tallyOf(responses, keyOf);
  const t = tallyOf(trials, keyOf);
  const zero: Tally = { trajectories: 0, calls: 0, labelled: 0, pass: 0, fail: 0 };
  const lines = [
    "| domain | model (agent when not tau2's LLMAgent) | trajectories | calls | writes: labelled | pass | fail | responses: labelled | pass | fail | trials: trajectories |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const row = (domain: string, model: string, a: Tally, b: Tally, c: Tally) =>
    `| ${domain} | ${model} | ${a.trajectories} | ${a.calls} | ${a.labelled} | ${a.pass} | ${a.fail} | ${b.labelled} | ${b.pass} | ${b.fail} | ${c.trajectories} |`;
  const sum = (tallies: Map<string, Tally>, keep: (key: string) => boolean): Tally => {
    const total = { ...zero };
    for (const [key, tally] of tallies) if (keep(key)) for (const field of Object.keys(total) as (keyof Tally)[]) total[field] += tally[field];
    return total;
  };
  const domains = [...new Set([...w.keys()].map((key) => key.split("\u0000")[0]))];
  for (const domain of domains) {
    for (const [key, tally] of w) {
      if (!key.startsWith(`${domain}\u0000`)) continue;
      lines.push(row(domain, key.split("\u0000")[1], tally, r.get(key) ?? zero, t.get(key) ?? zero));
    }
    const inDomain = (key: string) => key.startsWith(`${domain}\u0000`);
    lines.push(row(`**${domain}**`, "**all**", sum(w, inDomain), sum(r, inDomain), sum(t, inDomain)));
  }
  lines.push(row("**all**", "**all**", sum(w, () => true), sum(r, () => true), sum(t, () => true)));
  return lines.join("\n");
}

/** Per domain: tasks, attempts, and (success, failure) pairs of one task, all and of one model (same meta.model and meta.agent). */
function trialsTable(records: Record_[]): string {
  const success = (record: Record_) => (record.meta.reward ?? 0) >= 1 - 1e-6;
  const byKey = new Map<string, Map<string, Record_[]>>();
  for (const record of records) {
    const tasks = byKey.get(record.category) ?? new Map<string, Record_[]>();
    tasks.set(record.pair!, [...(tasks.get(record.pair!) ?? []), record]);
    byKey.set(record.category, tasks);
  }
  const lines = [
    "| domain | tasks (pairs) | successful attempts | failed attempts | (success, failure) pairs | same-model pairs | of them same policy | tasks with a same-model pair |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [domain, tasks] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    let successes = 0;
    let failures = 0;
    let pairs = 0;
    let sameModel = 0;
    let samePolicy = 0;
    let tasksWithSameModel = 0;
    for (const attempts of tasks.values()) {
      const good = attempts.filter(success);
      const bad = attempts.filter((record) => !success(record));
      successes += good.length;
      failures += bad.length;
      pairs += good.length * bad.length;
      const sameModelOf = (g: Record_) => bad.filter((b) => b.meta.model === g.meta.model && b.meta.agent === g.meta.agent);
      const same = good.reduce((sum, g) => sum + sameModelOf(g).length, 0);
      sameModel += same;
      samePolicy += good.reduce((sum, g) => sum + sameModelOf(g).filter((b) => b.meta.policy_hash === g.meta.policy_hash).length, 0);
      if (same) tasksWithSameModel++;
    }
    lines.push(`| ${domain} | ${tasks.size} | ${successes} | ${failures} | ${pairs} | ${sameModel} | ${samePolicy} | ${tasksWithSameModel} |`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------- self-check: schemas of the code versions used

/**
 * Extends the schema self-check to every code version the records were built from: one whose
 * tools.py and data_model.py are the blobs verified against tau2's dump must give the same schemas
 * (a different toolkit.py or a variant's indirection must not change them); the others are counted.
 */
function schemaCoverage(verified: (DomainContext & { toolsDomain: string; toolsBlobs: string })[]): string {
  let covered = 0;
  const uncovered: string[] = [];
  for (const context of contexts.values()) {
    if (verified.includes(context)) continue;
    const reference = verified.find((known) => known.toolsDomain === context.toolsDomain && known.toolsBlobs === context.toolsBlobs);
    if (!reference) {
      uncovered.push(`${context.code.replace(/@(\w{7})\w+/, "@$1")} (${context.toolsDomain})`);
      continue;
    }
    const ours = JSON.stringify(context.tools.map((tool) => tool.schema));
    if (ours !== JSON.stringify(reference.tools.map((tool) => tool.schema))) die(`schema self-check: ${context.code} (${context.toolsDomain}) has the verified tools.py and data_model.py but extracts different schemas`);
    covered++;
  }
  const others = uncovered.length ? ` (${uncovered.sort().join(", ")})` : "";
  return `schema self-check, code versions used: ${covered} have the verified tools.py and data_model.py and give the verified schemas; ${uncovered.length} have other ones${others}`;
}

// ---------------------------------------------------------------- validation of written files

function validate(file: string, withReference: boolean): string[] {
  const problems: string[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .forEach((line, index) => {
      const record = JSON.parse(line) as Record_;
      const callIds = new Set<string>();
      let block = new Set<string>();
      for (const message of record.messages) {
        if (message.role === "assistant") {
          block = new Set((message.tool_calls ?? []).map((call) => call.id));
          for (const id of block) callIds.add(id);
        } else if (message.role === "tool") {
          if (!block.has(message.tool_call_id)) problems.push(`${file}:${index + 1} ${record.id}: tool message ${message.tool_call_id} does not follow its call`);
        } else block = new Set();
      }
      for (const label of record.labels) if (!callIds.has(label.tool_call_id)) problems.push(`${file}:${index + 1} ${record.id}: label for unknown call ${label.tool_call_id}`);
      const ids = record.labels.map((label) => label.tool_call_id);
      if (new Set(ids).size !== ids.length) problems.push(`${file}:${index + 1} ${record.id}: two labels for one call id`);
      if (withReference) {
        const parsed = writtenReferenceSchema.safeParse(record.reference);
        if (!parsed.success) problems.push(`${file}:${index + 1} ${record.id}: reference: ${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
      }
    });
  return problems;
}

// ---------------------------------------------------------------- main

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const manifest = JSON.parse(readFileSync(options.manifest, "utf8")) as Manifest;
  const notes: string[] = [];
  const note = (text: string) => {
    notes.push(text);
    console.log(text);
  };

  // Self-check 1: the extracted tool schemas equal tau2's own dump of them, byte for byte.
  {
    const check = manifest.schemaCheck;
    const dir = options.sources.get(check.repo) ?? die(`no --source for ${check.repo} (fetch github:${check.repo} and pass its git dir)`);
    // Each line of the dump offers one domain's tools: key the dumped sets by their tool names.
    const dumped = new Map<string, string[]>();
    for (const line of readRecorded(options, check).split("\n")) {
      if (!line.trim()) continue;
      const tools = (JSON.parse(line) as { tools: { function: { name: string } }[] }).tools;
      dumped.set(tools.map((tool) => tool.function.name).join(","), tools.map((tool) => JSON.stringify(tool)));
    }
    let same = 0;
    for (const domain of manifest.domains) {
      const tools = domainContext(dir, check.repo, check.commit, domain).tools;
      const reference = dumped.get(tools.map((tool) => tool.name).join(","));
      if (!reference) die(`schema self-check: no tool set in ${check.path} has ${domain}'s tools (${tools.map((tool) => tool.name).join(", ")})`);
      tools.forEach((tool, index) => {
        if (reference[index] !== JSON.stringify(tool.schema)) die(`schema self-check: ${domain}.${tool.name} differs from tau2's own dump at ${check.commit.slice(0, 10)}:\n  ours:  ${JSON.stringify(tool.schema)}\n  tau2:  ${reference[index]}`);
        same++;
      });
    }
    note(`schema self-check: ${same} tool schemas extracted from tools.py at ${check.commit.slice(0, 10)} equal tau2's own dump (${check.path})`);
  }
  const verifiedContexts = [...contexts.values()];

  const writes: Record_[] = [];
  const responses: Record_[] = [];
  const trialCandidates: Record_[] = [];
  const seenSimulations = new Set<string>();
  const skipped: Record<string, number> = {};
  const skip = (why: string, count = 1) => (skipped[why] = (skipped[why] ?? 0) + count);
  const taskCounts: Record<string, number> = {};
  let actionChecks = 0;
  let actionCheckDisagreements = 0;
  let reusedIdCalls = 0;
  let extraKeysOnly = 0;
  let unansweredCalls = 0;
  let unofferedToolCalls = 0;
  const referenceRecords: Record_[] = [];
  const referenceStats = newReferenceStats();
  const conversion = { userToolTurnsDropped: 0, orphanResponses: 0, stringArguments: 0 };

  for (const entry of manifest.files) {
    const results = readResults(options, entry, skip);
    const info = obj(results.info);
    const environment = obj(info.environment_info);
    const agent = obj(info.agent_info);
    const domain = str(environment.domain_name) ?? "?";
    const simulations = arr(results.simulations);
    const variant = (manifest.variants ?? []).includes(domain);
    if (!manifest.domains.includes(domain) && !variant) {
      skip(`domain ${domain}`, simulations.length);
      continue;
    }
    const implementation = str(agent.implementation) ?? "?";
    if (/solo/.test(implementation)) {
      skip("solo (no-user) agent", simulations.length);
      continue;
    }
    const model = str(agent.llm) ?? "?";
    const userModel = str(obj(info.user_info).llm);
    const code = codeFor(options, manifest, entry, str(info.git_commit) ?? "", domain);
    const context = domainContext(code.dir, code.repo, code.commit, domain);
    const agentPolicy = entry.agentPolicy ? policyFromRefinement(parsePyJson(readRecorded(options, entry.agentPolicy)), `${entry.agentPolicy.repo}@${entry.agentPolicy.commit.slice(0, 10)}:${entry.agentPolicy.path}`) : null;
    const recordedPolicy = agentPolicy ?? str(environment.policy);
    // A variant's policy file is not at a path the builder knows: without the recorded one the prompt would be a guess.
    if (variant && recordedPolicy === null) {
      skip(`domain variant ${domain} without a recorded policy`, simulations.length);
      continue;
    }
    const policy = recordedPolicy ?? gitShow(code.dir, code.commit, `data/tau2/domains/${domain}/policy.md`);
    const systemPrompt = pyFormat(context.template, { agent_instruction: context.instruction, domain_policy: policy });
    // A policy read from the refinement file the run was given is the agent's by inference, not by record.
    const promptExact = implementation === "llm_agent" && recordedPolicy !== null && agentPolicy === null;
    const policyHash = createHash("sha256").update(policy).digest("hex").slice(0, 12);
    const offered = new Set(context.tools.map((tool) => tool.name));
    const tasks = new Map(arr(results.tasks).map((task) => [String(obj(task).id), obj(task)]));
    const taskFor = resolveTasks(simulations, tasks);
    for (const [why, count] of Object.entries(taskFor.counts)) if (count) taskCounts[why] = (taskCounts[why] ?? 0) + count;

    for (const simValue of simulations) {
      const sim = obj(simValue);
      const simId = str(sim.id) ?? "";
      if (seenSimulations.has(simId)) {
        skip("duplicate simulation id");
        continue;
      }
      seenSimulations.add(simId);
      const resolved = taskFor.bySimulation.get(simValue);
      if (typeof resolved === "string") {
        skip(resolved);
        continue;
      }
      const task = resolved!;
      const taskId = String(task.id);
      const simMessages = arr(sim.messages);
      if (!simMessages.length) {
        skip("no messages");
        continue;
      }
      const goldActions = arr(obj(task.evaluation_criteria).actions).map(obj);

      // Self-check 2: tau2's recorded action checks, recomputed over all tool calls (agent's and user's).
      const recordedChecks = arr(obj(sim.reward_info).action_checks).map(obj);
      if (recordedChecks.length) {
        const allCalls = simMessages.flatMap((message) => arr(obj(message).tool_calls).map(obj));
        for (const check of recordedChecks) {
          const action = obj(check.action);
          const found = allCalls.some((call) => actionMatches(action, str(call.name) ?? "", call.arguments ?? {}));
          actionChecks++;
          if (found !== (check.action_match === true)) actionCheckDisagreements++;
        }
      }

      const converted = convert(simMessages, systemPrompt);
      for (const key of Object.keys(conversion) as (keyof typeof conversion)[]) conversion[key] += converted.counts[key];
      reusedIdCalls += converted.calls.filter((call) => !call.firstOfId).length;
      unansweredCalls += converted.calls.filter((call) => call.error === null).length;
      unofferedToolCalls += converted.calls.filter((call) => !offered.has(call.name)).length;

      const meta: Meta = {
        task_id: taskId,
        trial: num(sim.trial),
        reward: num(obj(sim.reward_info).reward),
        model,
        domain,
        agent: implementation,
        user_model: userModel,
        termination_reason: str(sim.termination_reason),
        prompt_exact: promptExact,
        code: context.code,
        task_hash: taskHash(task),
        policy_hash: policyHash,
      };
      const base = {
        id: `tau2/${domain}/${simId}`,
        pair: null,
        source: `${entry.repo}@${entry.commit}:${entry.path}#${simId}`,
        category: domain,
        meta,
        messages: converted.messages,
        tools: context.tools.map((tool) => tool.schema),
      };
      const labelled = converted.calls.filter((call) => call.firstOfId);
      const writeChecks = labelled.filter((call) => context.writeTools.has(call.name)).map((call) => writeCheck(call, goldActions));
      extraKeysOnly += writeChecks.filter((check) => check.extra_keys_only).length;
      const writesRecord: Record_ = {
        ...base,
        meta: { ...meta, write_checks: writeChecks },
        labels: writeChecks.map((check) => ({ tool_call_id: check.tool_call_id, verdict: check.matched ? "pass" : "fail", defect: check.matched ? null : "wrong_action" })),
      };
      writes.push(writesRecord);
      referenceRecords.push(referenceRecord(writesRecord, converted.calls, goldActions, context, referenceStats));
      responses.push({
        ...base,
        labels: labelled
          .filter((call) => call.error !== null)
          .map((call) => ({ tool_call_id: call.id, verdict: call.error ? "fail" : "pass", defect: call.error ? "error_response" : null })),
      });
      if (meta.reward !== null) trialCandidates.push({ ...base, pair: `${domain}/${taskId}/${meta.task_hash}`, labels: [] });
    }
  }

  // Trials: tasks (same instructions and ground truth) attempted at least twice, with at least one
  // success (tau2: reward 1) and one failure.
  const success = (record: Record_) => (record.meta.reward ?? 0) >= 1 - 1e-6;
  const groups = new Map<string, Record_[]>();
  for (const record of trialCandidates) groups.set(record.pair!, [...(groups.get(record.pair!) ?? []), record]);
  const trials = trialCandidates.filter((record) => {
    const group = groups.get(record.pair!)!;
    return group.length >= 2 && group.some(success) && group.some((other) => !success(other));
  });

  const naturalKey = (record: Record_) => [record.category, record.meta.model, record.meta.task_id.padStart(12, "0"), String(record.meta.trial ?? 0).padStart(4, "0"), record.id].join("\u0000");
  const sorted = (records: Record_[]) => [...records].sort((a, b) => (naturalKey(a) < naturalKey(b) ? -1 : naturalKey(a) > naturalKey(b) ? 1 : 0));
  const names: Outputs = { writes: "tau2-writes.jsonl", reference: "tau2-reference.jsonl", responses: "tau2-responses.jsonl", trials: "tau2-trials.jsonl", summary: "SUMMARY.md", ...manifest.outputs };
  const outputs: [string, Record_[]][] = [
    [names.writes, sorted(writes)],
    [names.responses, sorted(responses)],
    [names.trials, sorted(trials).sort((a, b) => (a.pair! < b.pair! ? -1 : a.pair! > b.pair! ? 1 : 0))],
    [names.reference, sorted(referenceRecords)],
  ];
  mkdirSync(options.out, { recursive: true });
  // The reference keeps the ground truth's floats as tau2 wrote them (2.0): JSON.stringify would write 2.
  const serialize = (name: string) => (name === names.reference ? stringifyKeepingFloats : (record: Record_) => JSON.stringify(record));
  for (const [name, records] of outputs) writeFileSync(path.join(options.out, name), records.map(serialize(name)).join("\n") + "\n");

  note(`action self-check: ${actionChecks - actionCheckDisagreements} of ${actionChecks} ground-truth action checks recorded by tau2 reproduced by the builder's compare_with_tool_call`);
  note(`tasks: ${JSON.stringify(taskCounts)}`);
  note(`writes labelled fail that equal their nearest ground-truth action once extra keys are dropped (meta.write_checks[].extra_keys_only): ${extraKeysOnly}`);
  note(`skipped simulations: ${JSON.stringify(skipped)}`);
  for (const text of referenceNotes(referenceStats)) note(text);
  if (referenceStats.mappingProblems.length) die(`reference self-check: ${referenceStats.mappingProblems.length} (call, action) pairs where the reference call and compare_with_tool_call disagree; first: ${referenceStats.mappingProblems[0]}`);
  note(
    `calls: ${unansweredCalls} without a response (not in the responses labels), ${reusedIdCalls} reusing an earlier call's id (unlabelled: the bench gives an id's label to its first call), ${unofferedToolCalls} to tools not offered; user-simulator tool turns left out: ${conversion.userToolTurnsDropped}; responses with no open call: ${conversion.orphanResponses}; arguments stored as text: ${conversion.stringArguments}`,
  );
  note(schemaCoverage(verifiedContexts));
  const problems = outputs.flatMap(([name]) => validate(path.join(options.out, name), name === names.reference));
  // The reference file holds the writes file's trajectories and labels.
  const writesById = new Map(outputs[0][1].map((record) => [record.id, record]));
  for (const record of outputs[3][1]) {
    const twin = writesById.get(record.id);
    if (!twin || JSON.stringify(twin.labels) !== JSON.stringify(record.labels) || JSON.stringify(twin.messages) !== JSON.stringify(record.messages)) problems.push(`${names.reference}: ${record.id} differs from its ${names.writes} record`);
  }
  if (outputs[3][1].length !== outputs[0][1].length) problems.push(`${names.reference} has ${outputs[3][1].length} records, ${names.writes} ${outputs[0][1].length}`);
  note(`validation: ${problems.length ? `${problems.length} problem(s); first: ${problems[0]}` : "every label names a call of its transcript, every tool message follows its call"}`);

  const table = summaryTable(outputs[0][1], outputs[1][1], outputs[2][1]);
  const summary = [
    "# tau2 dev sets: summary",
    "",
    `Built by bench/tau2/build.ts from ${manifest.files.length} result files (${path.basename(options.manifest)}).`,
    "",
    table,
    "",
    `Trials (${names.trials}): tasks with both a successful and a failed attempt`,
    "",
    trialsTable(outputs[2][1]),
    "",
    "Checks",
    "",
    ...notes.map((text) => `- ${text}`),
    "",
  ].join("\n");
  writeFileSync(path.join(options.out, names.summary), summary);
  console.log(`\n${table}\n\n${trialsTable(outputs[2][1])}\n`);
  console.log(`wrote ${outputs.map(([name, records]) => `${name} (${records.length})`).join(", ")} and ${names.summary} to ${options.out}`);
  if (problems.length) die("validation failed");
}

main();
