import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { largeValuesLeftPerRun } from '../../tests/helpers/young-gc';
import { createBodyReader } from './trpc-json-posts';

// A request as the HTTP server hands it over: a readable stream that may also emit 'aborted'.
const request = () => new PassThrough() as unknown as IncomingMessage;
const readText = createBodyReader();
const listeners = (req: IncomingMessage) => ['data', 'end', 'error', 'aborted'].map((e) => req.listenerCount(e));

describe('reading a JSON call’s body', () => {
  it('gives the text, UTF-8 split across chunks included', async () => {
    const req = request();
    const text = readText(req, Buffer.byteLength('{"name":"Zoë"}'));
    const bytes = Buffer.from('{"name":"Zoë"}');
    req.push(bytes.subarray(0, 11)); // the ë's two bytes arrive apart
    req.push(bytes.subarray(11));
    req.push(null);
    expect(await text).toBe('{"name":"Zoë"}');
  });

  it('reads one body after another with its one buffer: each text whole, an earlier one unchanged', async () => {
    const read = createBodyReader();
    const bodies = [`{"a":"${'x'.repeat(70_000)}é"}`, '{"b":"Zoë"}', `{"c":"${'y'.repeat(90_000)}"}`];
    const texts: string[] = [];
    for (const body of bodies) {
      const req = request();
      const bytes = Buffer.from(body);
      const text = read(req, bytes.length);
      for (let at = 0; at < bytes.length; at += 16_384) req.push(bytes.subarray(at, at + 16_384));
      req.push(null);
      texts.push(await text);
    }
    expect(texts).toEqual(bodies);
  });

  it('refuses a body that ends short of its length, runs past it, or is aborted', async () => {
    const short = request();
    const ended = readText(short, 10);
    short.push('{}');
    short.push(null);
    await expect(ended).rejects.toThrow('request body ended early');
    const cut = request();
    const aborted = readText(cut, 10);
    cut.emit('aborted');
    await expect(aborted).rejects.toThrow('request aborted');
    const long = request();
    const over = readText(long, 4);
    long.push('{"a":1}');
    await expect(over).rejects.toThrow('request body longer than announced');
    expect(listeners(long)).toEqual([0, 0, 0, 0]);
    expect(listeners(short)).toEqual([0, 0, 0, 0]);
    expect(listeners(cut)).toEqual([0, 0, 0, 0]);
  });

  it('leaves nothing of the body on the request once read (a keep-alive connection holds it)', async () => {
    const req = request();
    const text = readText(req, 2);
    req.push('{}');
    req.push(null);
    await text;
    expect(listeners(req)).toEqual([0, 0, 0, 0]);

    // A phone's join is ~136 KB of text. The connection keeps its last request until the next one
    // comes (here: forever), and that must not keep the text out of the young generation.
    const body = `{"photo":"${Buffer.alloc(100 * 1024, 0x5a).toString('base64')}"}`;
    const held: IncomingMessage[] = [];
    const left = await largeValuesLeftPerRun(async () => {
      const r = request();
      held.push(r);
      const read = readText(r, Buffer.byteLength(body));
      r.push(Buffer.from(body));
      r.push(null);
      JSON.parse(await read);
    });
    expect(left, `bytes left per request (its text is ${body.length})`).toBeLessThan(8 * 1024);
  });
});
