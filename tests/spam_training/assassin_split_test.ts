import assert from "node:assert/strict";
import { assassinSplit } from "../../spam_training/assassin_split.ts";

Deno.test("SpamAssassin split: allowed spam-1, easy-ham-1 and even hard-ham-1; reserved the rest", () => {
  const { allowed, reserved } = assassinSplit();
  const count = (xs: { group: string }[]) =>
    Object.fromEntries(
      [...new Set(xs.map((x) => x.group))].sort().map((g) => [
        g,
        xs.filter((x) => x.group === g).length,
      ]),
    );
  assert.deepEqual(count(allowed), { "easy-ham-1": 2500, "hard-ham-1": 125, "spam-1": 500 });
  assert.deepEqual(count(reserved), { "easy-ham-2": 1400, "hard-ham-1": 125, "spam-2": 1396 });
  // No message in both parts, and together they are the whole corpus.
  const key = (x: { group: string; name: string }) => `${x.group}/${x.name}`;
  const a = new Set(allowed.map(key));
  assert.equal(a.size, allowed.length);
  for (const r of reserved) assert.ok(!a.has(key(r)), key(r));
  assert.equal(new Set([...allowed, ...reserved].map(key)).size, 6046);
  // hard-ham-1: even positions of the sorted file names allowed, odd ones reserved.
  const hard = [...allowed, ...reserved].filter((x) => x.group === "hard-ham-1");
  const names = hard.map((x) => x.name).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  for (const h of hard) {
    assert.equal(names.indexOf(h.name), h.position);
    assert.equal(allowed.includes(h), h.position % 2 === 0, h.name);
  }
  assert.equal(allowed.find((x) => x.group === "hard-ham-1")?.name, names[0]);
  assert.equal(reserved.find((x) => x.group === "hard-ham-1")?.name, names[1]);
  assert.ok(allowed.every((x) => x.label === (x.group.startsWith("spam") ? "spam" : "legitimate")));
});

Deno.test("SpamAssassin split: positions follow code-unit order, whatever the list's order", () => {
  const list = ["hard-ham-1/b.txt", "hard-ham-1/a.txt", "hard-ham-1/c.txt", "spam-1/z.txt"];
  const { allowed, reserved } = assassinSplit(list);
  assert.deepEqual(allowed.map((x) => x.name), ["a", "c", "z"]);
  assert.deepEqual(reserved.map((x) => x.name), ["b"]);
  assert.throws(() => assassinSplit(["spam-3/x.txt"]), /unknown SpamAssassin group/);
});
