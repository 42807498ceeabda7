/**
 * One benchmark of issue 8's table. `run` starts what it needs (the real server on loopback with a
 * temporary DATA_DIR, its floor program), measures, stops everything, and returns its row. Throughput
 * figures are ratios to a floor measured in the same run (machines here are shared and noisy).
 */
export type BenchRow = {
  /** `B5`; or a row a benchmark adds beside its own, e.g. `B5-pg` (the same measurement on PostgreSQL). */
  id: `B${number}` | `B${number}-${string}`;
  name: string;
  /** The headline figure the table's pass/miss is judged on. */
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≥ 0.5" or "< 300 ms". */
  target: string;
  pass: boolean;
  /** Every other figure the row prints (p50, errors, floor, …). */
  details: Record<string, number | string | boolean>;
  /** Set when this row could not be measured while the benchmark's other rows were. */
  error?: string;
};

export type Bench = {
  id: `B${number}`;
  name: string;
  /** `quick`: smaller counts, same code paths (CI runs it; must finish B1–B8 in under 3 minutes together). */
  run(opts: { quick: boolean }): Promise<BenchRow | BenchRow[]>;
};
