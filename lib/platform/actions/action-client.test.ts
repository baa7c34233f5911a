import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Action } from "@/lib/accounts/roles";
import type { CurrentUser } from "@/lib/accounts/server/current-user";
import { AppError } from "@/lib/platform/errors/app-error";

// The client asks the guard who is signed in: answer with the user a test sets.
const state = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/accounts/server/guard", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/accounts/server/guard")>();
  return { ...real, authorizeAction: async (action: Action) => real.refusal(state.user, action) ?? { ok: true, user: state.user } };
});

const { actionClient, memberAction, UNEXPECTED_FAILURE } = await import("./action-client");
const { CORRECT_HIGHLIGHTED_FIELDS, formStateAction, resultAction } = await import("./action-result");
const { formInput } = await import("./form-input");

const reviewer: CurrentUser = { id: "u1", email: "rita@example.com", name: "Rita", role: "reviewer", via: "session" };

const schema = z.object({
  name: z.string().trim().min(1, "Give it a name."),
  filter: z.object({ scoreBelow: z.number().max(1, "A score is from 0 to 1.") }).optional(),
  criteria: z.array(z.object({ text: z.string().min(1, "Write the criterion.") })).optional(),
});

/** An action that does what `run` says, for a reviewer (role action "review"). */
const reviewAction = (run: (name: string, user: CurrentUser) => Promise<void> = async () => {}) =>
  resultAction(
    memberAction("review")
      .inputSchema(schema)
      .action(async ({ parsedInput, ctx: { user } }) => {
        await run(parsedInput.name, user);
        return { message: `Saved ${parsedInput.name} for ${user.name}.` };
      }),
  );

afterEach(() => {
  state.user = null;
  vi.restoreAllMocks();
});

describe("the action client", () => {
  it("runs the action for a member whose role allows it, with the member, and answers ok with what it returned", async () => {
    state.user = reviewer;
    expect(await reviewAction()({ name: " draft " })).toEqual({ ok: true, message: "Saved draft for Rita." });
  });

  it("refuses a role that does not allow the action, and someone signed out, without running it", async () => {
    const run = vi.fn(async () => {});
    state.user = { ...reviewer, role: "viewer" };
    expect(await reviewAction(run)({ name: "draft" })).toEqual({ ok: false, message: "Your role (viewer) does not allow this. Ask an admin if you need it." });
    state.user = null;
    expect(await reviewAction(run)({ name: "draft" })).toEqual({ ok: false, message: "Please sign in again: your session has ended." });
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a role before reading the input", async () => {
    state.user = { ...reviewer, role: "viewer" };
    expect(await reviewAction()({ name: "" })).toEqual({ ok: false, message: expect.stringMatching(/^Your role \(viewer\)/) });
  });

  it("answers an AppError with its message, beside its field, with the queue to go to", async () => {
    state.user = reviewer;
    const conflict = reviewAction(async () => {
      throw new AppError("conflict", "This name is taken.", { field: "name" });
    });
    expect(await conflict({ name: "draft" })).toEqual({ ok: false, message: "This name is taken.", fieldErrors: { name: ["This name is taken."] } });
    const queued = reviewAction(async () => {
      throw new AppError("nothing-matched", "Nothing new matched.", { queueId: "q1" });
    });
    expect(await queued({ name: "draft" })).toEqual({ ok: false, message: "Nothing new matched.", queueId: "q1" });
    // A request's JSON path is for the API's answer, not a form field.
    const path = reviewAction(async () => {
      throw new AppError("empty-selection", "transcripts: nothing to judge.", { path: "transcripts" });
    });
    expect(await path({ name: "draft" })).toEqual({ ok: false, message: "transcripts: nothing to judge." });
  });

  it("answers anything else with a generic message, logging the error on the server only", async () => {
    state.user = reviewer;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const bug = new TypeError("cannot read properties of undefined (reading 'id') at /srv/callboard/secret.ts");
    const result = await reviewAction(async () => {
      throw bug;
    })({ name: "draft" });
    expect(result).toEqual({ ok: false, message: UNEXPECTED_FAILURE });
    expect(JSON.stringify(result)).not.toContain("secret");
    expect(log).toHaveBeenCalledWith(expect.any(String), bug);
  });

  it("keys each field's messages by the field's full dotted path, and sums them up in one sentence", async () => {
    state.user = reviewer;
    const result = await reviewAction()({ name: " ", filter: { scoreBelow: 2 }, criteria: [{ text: "ok" }, { text: "" }] });
    expect(result).toEqual({
      ok: false,
      message: "Give it a name. A score is from 0 to 1. Write the criterion.",
      fieldErrors: { name: ["Give it a name."], "filter.scoreBelow": ["A score is from 0 to 1."], "criteria.1.text": ["Write the criterion."] },
    });
  });

  it("keys messages about the input as a whole under form", async () => {
    const action = resultAction(actionClient.inputSchema(z.object({ a: z.string().optional(), b: z.string().optional() }).refine((v) => v.a || v.b, "Give a or b.")).action(async () => ({ message: "ok" })));
    expect(await action({})).toEqual({ ok: false, message: "Give a or b.", fieldErrors: { form: ["Give a or b."] } });
  });

  it("reads a submitted form with the same schema, and lets a form sum up its highlighted fields", async () => {
    state.user = reviewer;
    const action = formStateAction(
      memberAction("review")
        .inputSchema(formInput(schema))
        .action(async ({ parsedInput }) => ({ message: `Saved ${parsedInput.name}.` })),
      { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
    );
    const form = new FormData();
    form.set("name", "draft");
    expect(await action(null, form)).toEqual({ ok: true, message: "Saved draft." });
    form.set("name", "  ");
    expect(await action(null, form)).toEqual({ ok: false, message: CORRECT_HIGHLIGHTED_FIELDS, fieldErrors: { name: ["Give it a name."] } });
  });

  it("lets a redirect through to Next instead of answering it", async () => {
    const { redirect } = await import("next/navigation");
    const action = resultAction(actionClient.inputSchema(schema).action(async () => redirect("/runs/r1")));
    await expect(action({ name: "draft" })).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;.*\/runs\/r1/) });
  });
});
