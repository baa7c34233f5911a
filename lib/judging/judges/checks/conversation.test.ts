import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { isAffirmative, isSingleShot, policyRequiresConfirmation, requestsAction, userConfirmed } from "./conversation";
import { readsAsEnglish } from "./text/english";

describe("conversation readings", () => {
  it.each([
    ["Yes, please go ahead", true],
    ["yes", true],
    ["OK do it", true],
    ["Sí, por favor", true],
    ["Oui, c'est bon", true],
    ["はい、お願いします", true],
    ["好的", true],
    ["No, wait", false],
    ["Yesterday I booked a flight", false],
    ["Can you also check my other order?", false],
    ["Thank you for checking! And yes, please go ahead and cancel the two reservations.", true],
    ["No, that's okay. If it's just me, then the certificate sounds fine. Please go ahead and issue it.", true],
    ["No, don't issue it.", false],
    ["Oh, I see. You're right. Yes, please proceed with issuing the travel certificate.", true],
    ["I do not confirm that.", false],
  ])("%j is affirmative: %s", (text, expected) => {
    expect(isAffirmative(text)).toBe(expected);
  });

  it("a confirmation needs the assistant to have said what it would do first", () => {
    const asked: CanonicalMessage[] = [
      { role: "user", content: "Cancel reservation ABC" },
      { role: "assistant", content: "I will cancel reservation ABC. Shall I proceed?" },
      { role: "user", content: "Yes, go ahead." },
    ];
    expect(userConfirmed(asked).confirmed).toBe(true);
    expect(userConfirmed(asked.slice(0, 1)).confirmed).toBe(false);
    expect(userConfirmed([{ role: "user", content: "yes" }]).confirmed).toBe(false);
    // The assistant asked one more detail after the user agreed.
    const detail: CanonicalMessage[] = [...asked, { role: "assistant", content: "What is the reason for the cancellation?" }, { role: "user", content: "A change of plans." }];
    expect(userConfirmed(detail).confirmed).toBe(true);
    const retracted: CanonicalMessage[] = [...asked, { role: "assistant", content: "Done soon." }, { role: "user", content: "Wait, stop." }];
    expect(userConfirmed(retracted).confirmed).toBe(false);
  });

  it("takes an instruction to take the call's own action, after the proposal, as agreement", () => {
    const proposal: CanonicalMessage[] = [
      { role: "user", content: "I need help with my reservations ABC and DEF." },
      { role: "assistant", content: "I found both reservations. Would you like to cancel one of them or both?" },
    ];
    const reply = (content: string): CanonicalMessage[] => [...proposal, { role: "user", content }];
    expect(userConfirmed(reply("I want to cancel both. Just a change of plans."), "cancel").confirmed).toBe(true);
    expect(userConfirmed(reply("Just cancel DEF then."), "cancel").confirmed).toBe(true);
    // Another action, a negated one, a question about it, or no verb to look for: not agreement.
    expect(userConfirmed(reply("I want to cancel both."), "book").confirmed).toBe(false);
    expect(userConfirmed(reply("Please don't cancel anything yet."), "cancel").confirmed).toBe(false);
    expect(userConfirmed(reply("Can I cancel them without a fee?"), "cancel").confirmed).toBe(false);
    expect(userConfirmed(reply("I want to cancel both.")).confirmed).toBe(false);
    expect(requestsAction("Cancelling both, please.", "cancel")).toBe(true);
  });

  it("reads a policy that asks for confirmation before acting", () => {
    const system = (content: string): CanonicalMessage[] => [{ role: "system", content }, { role: "user", content: "hi" }];
    expect(policyRequiresConfirmation(system("Before taking any action that updates the database, you must obtain explicit user confirmation (yes) to proceed."))).toBe(true);
    expect(policyRequiresConfirmation(system("You are a helpful assistant."))).toBe(false);
  });

  it("knows a first call from a later step", () => {
    expect(isSingleShot([{ role: "system", content: "s" }, { role: "user", content: "u" }])).toBe(true);
    expect(isSingleShot([{ role: "user", content: "u" }, { role: "assistant", content: "a" }, { role: "user", content: "yes" }])).toBe(false);
  });

  it.each([
    ["Find the area of a triangle with a base of 10 units", true],
    ["Quiero cancelar mi reserva de vuelo para mañana", false],
    ["Eu quero cancelar a minha reserva", false],
    ["予約をキャンセルしたいです、お願いします", false],
    ["yes", false],
  ])("%j reads as English: %s", (text, expected) => {
    expect(readsAsEnglish(text)).toBe(expected);
  });
});
