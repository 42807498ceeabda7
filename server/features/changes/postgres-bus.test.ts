import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres, pgUrl } from '../../../tests/helpers/test-db';
import { createLog } from '../../lib/log';
import type { Change } from './bus';
import { createPostgresBus, type PostgresBus } from './postgres-bus';

// `npm run test:pg`: what the bus NOTIFYs for what this process publishes. Its own subscribers hear each
// change at once; the other processes are told once per turn of the event loop.

const change = (seq: number): Change => ({ seq, event_id: 'e1', registration_id: `r${seq}`, kind: 'joined' });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.skipIf(!onPostgres())('the PostgreSQL bus', () => {
  let bus: PostgresBus | undefined;
  afterEach(async () => {
    await bus?.close();
  });

  async function busTelling() {
    const told: { channel: string; seqs: number[] }[] = [];
    bus = createPostgresBus(pgUrl('postgres'), createLog('silent'), async (channel, payload) => {
      told.push({ channel, seqs: (JSON.parse(payload) as { c: [number][] }).c.map(([seq]) => seq) });
    });
    await bus.ready();
    return { bus, told };
  }

  it('tells the changes of one turn in one NOTIFY; its own subscribers hear each at once', async () => {
    const { bus, told } = await busTelling();
    const heard: number[] = [];
    bus.subscribe('e1', (c) => heard.push(c.seq));
    bus.publish([change(1)]);
    bus.publish([change(2)]);
    bus.publish([change(3), change(4)]);
    expect(heard).toEqual([1, 2, 3, 4]);
    expect(told).toEqual([]);
    await nextTurn();
    expect(told).toEqual([{ channel: 'roomlist_changes', seqs: [1, 2, 3, 4] }]);
    bus.publish([change(5)]);
    await nextTurn();
    expect(told.map((t) => t.seqs)).toEqual([[1, 2, 3, 4], [5]]);
  });

  it('splits a long turn into payloads of at most 40 changes, in order', async () => {
    const { bus, told } = await busTelling();
    for (let seq = 1; seq <= 90; seq++) bus.publish([change(seq)]);
    await nextTurn();
    expect(told.map((t) => t.seqs.length)).toEqual([40, 40, 10]);
    expect(told.flatMap((t) => t.seqs)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  });

  it('tells what is still unsent when it closes', async () => {
    const { bus, told } = await busTelling();
    bus.publish([change(7)]);
    await bus.close();
    expect(told.map((t) => t.seqs)).toEqual([[7]]);
  });
});
