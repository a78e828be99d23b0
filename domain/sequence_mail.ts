// TEMPORARY local scaffold (never committed): replaced once the mail branch lands.
import type { Ctx } from "./context.ts";
import type { Enrollment, Sequence, SequenceStep } from "./store/sequences.ts";
export type StepSendResult =
  | { kind: "sent"; message_id: string }
  | { kind: "failed"; error: string }
  | { kind: "over_quota" }
  | { kind: "blocked"; reason: "all_recipients_suppressed" | "all_recipients_unsubscribed" };
export type AttemptOutcome = "absent" | "unknown" | {
  status: "sent" | "failed";
  message_id: string | null;
  error: string | null;
};
export function templateExists(_ctx: Ctx, _a: string, ref: string): Promise<boolean> {
  return Promise.resolve(ref !== "no-such-template");
}
export function sendStep(
  _ctx: Ctx,
  _a: {
    enrollment: Enrollment;
    sequence: Sequence;
    step: SequenceStep;
    index: number;
    attemptId: string;
  },
): Promise<StepSendResult> {
  throw new Error("not yet");
}
export function attemptOutcome(_ctx: Ctx, _id: string): Promise<AttemptOutcome> {
  return Promise.resolve("absent");
}
