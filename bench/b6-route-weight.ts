import { COMPRESSION } from '#server/constants';
import type { Bench } from './lib/bench';
import { routeWeightBench } from './route-weight';

const kb = (n: number) => Math.round(n * 10) / 10;

/**
 * issue 8 B6: KB on the wire /register/{id} needs before its form is usable (bench/route-weight.ts
 * measures; this turns its result into the table's row). The other pages are details, for contrast.
 * Quick mode measures the same pages: they take seconds once the client is built.
 */
export const b6: Bench = {
  id: 'B6',
  name: 'registration route weight',
  async run() {
    const result = await routeWeightBench();
    const register = result.routes.find((r) => r.route === '/register');
    const details: Record<string, number | string | boolean> = {};
    for (const r of result.routes) {
      const key = r.route.split(' ')[0];
      details[`${key} KB`] = kb(r.kb);
      details[`${key} requests`] = r.requests;
      if (!r.usable) details[`${key} usable`] = false;
    }
    if (register) {
      for (const [type, value] of Object.entries(register.byType)) details[`/register ${type} KB`] = kb(value);
    }
    return {
      id: 'B6',
      name: 'registration route weight',
      value: register ? kb(register.kb) : Number.NaN,
      unit: 'KB',
      target: `≤ ${COMPRESSION.REGISTER_BUDGET_KB} KB`,
      pass: result.withinBudget,
      details,
    };
  },
};
