import autocannon from 'autocannon';
import { startTestServer } from '../tests/helpers/server';

/** Requests per second and latency of GET /healthz (one SQLite round trip), 5 s on loopback. */
export async function healthBench() {
  const srv = await startTestServer();
  try {
    const r = await autocannon({ url: `${srv.url}/healthz`, connections: 20, duration: 5 });
    return {
      bench: 'healthz',
      reqPerSec: r.requests.average,
      p99Ms: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    };
  } finally {
    await srv.stop();
  }
}
