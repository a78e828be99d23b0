import assert from "node:assert/strict";
import { Slots } from "../../../domain/kernel/slots.ts";

Deno.test("slots: at most `size` run at once, the rest in arrival order, a failure frees its slot", async () => {
  const slots = new Slots(2);
  const order: number[] = [];
  const gates: (() => void)[] = [];
  const runs = Array.from({ length: 5 }, (_, i) =>
    slots.run(async () => {
      order.push(i);
      await new Promise<void>((r) => gates.push(r));
      if (i === 0) throw new Error("boom");
      return i;
    }));
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(order, [0, 1]);
  assert.deepEqual([slots.busy, slots.waiting], [2, 3]);
  gates[0](); // the first fails: its slot goes to the next in line
  await assert.rejects(runs[0], /boom/);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(order, [0, 1, 2]);
  for (let i = 1; i < 5; i++) {
    gates[i]();
    await new Promise((r) => setTimeout(r, 0));
  }
  assert.deepEqual(await Promise.all(runs.slice(1)), [1, 2, 3, 4]);
  assert.deepEqual(order, [0, 1, 2, 3, 4]);
  assert.deepEqual([slots.busy, slots.waiting], [0, 0]);
});
