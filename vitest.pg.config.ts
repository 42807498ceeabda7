import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:pg`: the procedure suites again, on a real PostgreSQL server that the harness starts
// itself (tests/helpers/pg-global-setup.ts). The browser suites stay on `npm test`.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/migrations.test.ts',
      'tests/schema-parity.test.ts',
    ],
    globalSetup: ['tests/helpers/pg-global-setup.ts'],
  },
});
