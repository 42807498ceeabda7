// Loaded with `--import` into a server under test (tests/integration/start.test.ts): says on stderr, once
// each, when the process makes an Intl date or number format (the first loads ~8 MB of ICU's data) or
// touches Node's fetch classes (loading them costs ~12 MB): what an idle server on SQLite should not do.
const seen = new Set();
const report = (what) => {
  if (seen.has(what)) return;
  seen.add(what);
  const where = new Error().stack
    .split('\n')
    .slice(3, 6)
    .map((l) => l.trim())
    .join(' < ');
  process.stderr.write(`FOOTPRINT ${process.pid} ${what}: ${where}\n`);
};
for (const name of [
  'DateTimeFormat',
  'NumberFormat',
  'Collator',
  'PluralRules',
  'RelativeTimeFormat',
  'ListFormat',
  'Segmenter',
  'DisplayNames',
]) {
  const Real = Intl[name];
  if (!Real) continue;
  const Trap = function (...args) {
    report(`Intl.${name}`);
    return new.target ? Reflect.construct(Real, args, new.target) : Real(...args);
  };
  Trap.prototype = Real.prototype;
  Trap.supportedLocalesOf = Real.supportedLocalesOf;
  Intl[name] = Trap;
}
for (const [owner, method] of [
  [Date.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleDateString'],
  [Date.prototype, 'toLocaleTimeString'],
  [Number.prototype, 'toLocaleString'],
  [String.prototype, 'localeCompare'],
]) {
  const real = owner[method];
  owner[method] = function (...args) {
    report(method);
    return real.apply(this, args);
  };
}
for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData']) {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!d?.get) continue;
  Object.defineProperty(globalThis, name, {
    configurable: true,
    enumerable: d.enumerable,
    get() {
      report(name);
      return d.get.call(this);
    },
    set: d.set,
  });
}
