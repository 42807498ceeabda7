/**
 * npm run bench [-- --quick] [-- --only B3[,B5]]: runs issue 8's benchmarks in order B1…B8, then the
 * PostgreSQL rows B9 and B10, prints one table (id, benchmark, figure, target, pass/miss) and writes
 * bench/results/latest.json (keys B1…B10, and B5-pg beside B5: value, unit, target, pass, details). A
 * benchmark that throws gets its error in its row; the run goes on.
 * `--quick`: smaller counts, same code paths (CI runs it, without gating on pass/miss).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { b1 } from './b1-join-throughput';
import { b2 } from './b2-venue-rush';
import { b3 } from './b3-fan-out';
import { b4 } from './b4-subscriber-cost';
import { b5 } from './b5-attendee-list';
import { b6 } from './b6-route-weight';
import { b7 } from './b7-lighthouse';
import { b8 } from './b8-footprint';
import { b9 } from './b9-pg-fan-out';
import { b10 } from './b10-pg-join-throughput';
import type { Bench, BenchRow } from './lib/bench';
import { probes, SLOW_NEW_FILE_MS } from './lib/scratch';

const benches: Bench[] = [b1, b2, b3, b4, b5, b6, b7, b8, b9, b10];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only'));
const onlyValue = onlyArg?.includes('=')
  ? onlyArg.split('=')[1]
  : onlyArg
    ? args[args.indexOf(onlyArg) + 1]
    : undefined;
const only = onlyValue ? new Set(onlyValue.toUpperCase().split(',')) : undefined;

type Result = BenchRow & { seconds: number };
const results: Result[] = [];
const started = Date.now();

for (const bench of benches) {
  if (only && !only.has(bench.id)) continue;
  process.stderr.write(`${bench.id} ${bench.name}…\n`);
  const t = Date.now();
  try {
    const rows = await bench.run({ quick });
    for (const row of Array.isArray(rows) ? rows : [rows]) results.push({ ...row, seconds: (Date.now() - t) / 1000 });
  } catch (err) {
    const error = err instanceof Error ? err.message.split('\n')[0] : String(err);
    process.stderr.write(`${bench.id} failed: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
    results.push({
      id: bench.id,
      name: bench.name,
      value: Number.NaN,
      unit: '',
      target: '',
      pass: false,
      details: {},
      seconds: (Date.now() - t) / 1000,
      error,
    });
  }
  process.stderr.write(`${bench.id} done in ${results.at(-1)?.seconds.toFixed(1)} s\n`);
}

const figure = (r: Result) => (r.error ? `ERROR: ${r.error}` : `${r.value} ${r.unit}`);
const mark = (r: Result) => (r.error ? 'error' : r.pass ? 'pass' : 'MISS');
const table = [
  ['id', 'benchmark', 'figure', 'target', 'mark'],
  ...results.map((r) => [r.id, r.name, figure(r), r.target, mark(r)]),
];
const widths = table[0].map((_, c) => Math.min(70, Math.max(...table.map((row) => row[c].length))));
const line = (row: string[]) => row.map((cell, c) => cell.slice(0, 70).padEnd(widths[c])).join(' | ');
console.log(
  `\nRoomlist benchmarks${quick ? ' (quick)' : ''}: ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log(line(table[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of table.slice(1)) console.log(line(row));
const passedOver = probes.filter((p) => !p.taken);
if (passedOver.length > 0)
  console.log(
    `Scratch folders: ${passedOver.length} of ${probes.length} passed over (new files at ${passedOver.map((p) => p.newFileMs).join(', ')} ms each)`,
  );
console.log('\nDetails:');
for (const r of results) {
  const d = Object.entries(r.details)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`${r.id} (${r.seconds.toFixed(1)} s): ${d}`);
}
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(1)} s`);

// --only keeps the other rows of the last file, so one row can be re-measured on its own.
const file = path.join(import.meta.dirname, 'results', 'latest.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
const previous = only && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
const out: Record<string, unknown> = { ...previous };
out.meta = {
  date: new Date().toISOString(),
  quick,
  cores: os.cpus().length,
  node: process.version,
  loadAverage: os.loadavg()[0],
  // the servers' folders (bench/lib/scratch.ts): CPU per new file in each candidate, and which were taken
  scratch: { slowNewFileMs: SLOW_NEW_FILE_MS, probes },
};
for (const r of results) {
  out[r.id] = {
    value: Number.isNaN(r.value) ? null : r.value,
    unit: r.unit,
    target: r.target,
    pass: r.pass,
    details: { ...r.details, seconds: r.seconds, ...(r.error ? { error: r.error } : {}) },
  };
}
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
// A finished run exits, whatever a row left behind (a build service, a child, a socket): the figures are
// written, and nothing else is waited for.
process.exit(0);
