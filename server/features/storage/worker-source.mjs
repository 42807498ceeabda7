// Starts a worker written in TypeScript when the server runs from source (tsx, or the tests' runner,
// which does not pass a loader on to worker threads): tsx is registered in the worker first.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.source);
