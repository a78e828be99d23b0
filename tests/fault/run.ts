/**
 * `deno task test:fault`: runs the fault tests (tests/fault/*_test.ts, one
 * after the other: they kill and restart real service processes), which print
 * what they checked, then sums their counts into the last line:
 *
 *   fault: acknowledged N, found N, duplicates 0, doctor findings 0
 *
 * Exit status: the tests' (non-zero when any failed or the counts disagree).
 */
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
type Counts = {
  scenario: string;
  acknowledged?: number;
  found?: number;
  duplicates?: number;
  doctorFindings?: number;
};

const reportPath = await Deno.makeTempFile({ prefix: "fault-report-" });
const started = Date.now();
const out = await new Deno.Command(Deno.execPath(), {
  args: ["test", "--allow-all", "tests/fault/", ...Deno.args],
  cwd: ROOT,
  env: { FAULT_REPORT: reportPath },
  stdout: "inherit",
  stderr: "inherit",
}).output();
const rows: Counts[] = (await Deno.readTextFile(reportPath)).split("\n").filter(Boolean)
  .map((l) => JSON.parse(l));
await Deno.remove(reportPath);
const sum = (f: keyof Omit<Counts, "scenario">) => rows.reduce((n, r) => n + (r[f] ?? 0), 0);
const acknowledged = sum("acknowledged");
const found = sum("found");
const duplicates = sum("duplicates");
const findings = sum("doctorFindings");
console.log(
  `fault: ${rows.length} scenarios (${rows.map((r) => r.scenario).join(", ")}) in ` +
    `${Math.round((Date.now() - started) / 1000)} s`,
);
console.log(
  `fault: acknowledged ${acknowledged}, found ${found}, duplicates ${duplicates}, ` +
    `doctor findings ${findings}`,
);
const agree = found === acknowledged && duplicates === 0 && findings === 0;
Deno.exit(out.code !== 0 ? out.code : agree ? 0 : 1);
