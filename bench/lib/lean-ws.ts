import crypto from 'node:crypto';
import net from 'node:net';

/**
 * A WebSocket client for the load driver only: just what a live subscriber needs (the opening handshake,
 * unfragmented text frames, ping/pong, close), reading every socket into one shared buffer (`onread`)
 * and handing each frame's payload over as a view of it, so that a thousand subscribers receiving a
 * 13 KB frame several times a second allocate nothing per read or per frame. With `ws` the driver made
 * ~4 GB of garbage in a B9 rush (one buffer per read) and spent more CPU than the server it measured
 * (bench/README.md, "The load driver reads into one buffer"). A frame that spans reads is gathered in a
 * buffer of the socket's own, kept for the next one.
 *
 * `onMessage`'s buffer is valid only during the call: copy what must outlive it.
 */
export type LeanSocket = {
  send: (text: string) => void;
  /** Drops the connection at once (no closing handshake), as `ws.terminate()`. */
  terminate: () => void;
};

export type LeanHandlers = {
  onOpen: () => void;
  onMessage: (payload: Buffer) => void;
  onError: (err: Error) => void;
  onClose: () => void;
};

const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);
const HEADER_END = Buffer.from('\r\n\r\n');
const OP = { TEXT: 0x1, CLOSE: 0x8, PING: 0x9, PONG: 0xa } as const;

/** A masked client frame (RFC 6455 §5.3). */
function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + 4 + n);
  out[0] = 0x80 | opcode;
  if (n < 126) out[1] = 0x80 | n;
  else if (n < 65_536) {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 0x80 | 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  const mask = crypto.randomBytes(4);
  mask.copy(out, head);
  for (let i = 0; i < n; i++) out[head + 4 + i] = payload[i] ^ mask[i & 3];
  return out;
}

export function leanConnect(url: string, opts: { localAddress?: string }, on: LeanHandlers): LeanSocket {
  const u = new URL(url);
  const socket = net.connect({
    host: u.hostname,
    port: Number(u.port),
    localAddress: opts.localAddress,
    onread: {
      buffer: READ_BUFFER,
      callback: (n: number, buf: Uint8Array) => {
        read(buf as Buffer, n);
        return true;
      },
    },
  });
  socket.setNoDelay(true);
  let open = false;
  let handshake: Buffer | undefined = Buffer.alloc(0);
  // the frame being read: its header so far, then its payload (gathered only when it spans reads)
  const header = Buffer.allocUnsafe(14);
  let headerHave = 0;
  let opcode = 0;
  let payloadLen = -1;
  let gathered: Buffer | undefined;
  let gatheredHave = 0;

  function send(opcodeOut: number, payload: Buffer) {
    if (!socket.destroyed) socket.write(frame(opcodeOut, payload));
  }

  function deliver(op: number, payload: Buffer) {
    if (op === OP.TEXT) on.onMessage(payload);
    else if (op === OP.PING) send(OP.PONG, Buffer.from(payload));
    else if (op === OP.CLOSE) {
      send(OP.CLOSE, Buffer.from(payload.subarray(0, 2)));
      socket.end();
    }
  }

  /** Bytes the header still needs, or 0 once it is whole (payloadLen then set). */
  function headerNeeds(): number {
    if (headerHave < 2) return 2 - headerHave;
    const len7 = header[1] & 0x7f;
    const size = 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + (header[1] & 0x80 ? 4 : 0);
    if (headerHave < size) return size - headerHave;
    opcode = header[0] & 0x0f;
    if ((header[0] & 0x80) === 0 || header[1] & 0x80) throw new Error('fragmented or masked frame from the server');
    payloadLen = len7 === 126 ? header.readUInt16BE(2) : len7 === 127 ? Number(header.readBigUInt64BE(2)) : len7;
    return 0;
  }

  function frames(buf: Buffer, start: number, end: number) {
    let at = start;
    while (at < end) {
      if (payloadLen < 0) {
        const need = headerNeeds();
        if (need > 0) {
          const take = Math.min(need, end - at);
          buf.copy(header, headerHave, at, at + take);
          headerHave += take;
          at += take;
          if (headerNeeds() > 0) continue;
        }
      }
      if (gathered === undefined && end - at >= payloadLen) {
        deliver(opcode, buf.subarray(at, at + payloadLen));
        at += payloadLen;
      } else {
        if (gathered === undefined) {
          gathered = Buffer.allocUnsafe(payloadLen);
          gatheredHave = 0;
        }
        const take = Math.min(payloadLen - gatheredHave, end - at);
        buf.copy(gathered, gatheredHave, at, at + take);
        gatheredHave += take;
        at += take;
        if (gatheredHave < payloadLen) continue;
        const whole = gathered;
        gathered = undefined;
        deliver(opcode, whole);
      }
      payloadLen = -1;
      headerHave = 0;
    }
    if (payloadLen === 0) {
      // an empty frame whose header ended the read
      payloadLen = -1;
      headerHave = 0;
      deliver(opcode, Buffer.alloc(0));
    }
  }

  function read(buf: Buffer, n: number) {
    try {
      if (handshake === undefined) return frames(buf, 0, n);
      handshake = Buffer.concat([handshake, buf.subarray(0, n)]);
      const end = handshake.indexOf(HEADER_END);
      if (end < 0) return;
      const status = handshake.toString('latin1', 0, handshake.indexOf('\r\n'));
      const rest = handshake.subarray(end + HEADER_END.length);
      handshake = undefined;
      if (!/^HTTP\/1\.1 101 /.test(status)) throw new Error(`WebSocket handshake refused: ${status}`);
      open = true;
      on.onOpen();
      if (rest.length > 0) frames(Buffer.from(rest), 0, rest.length);
    } catch (err) {
      on.onError(err as Error);
      socket.destroy();
    }
  }

  socket.on('connect', () => {
    const key = crypto.randomBytes(16).toString('base64');
    socket.write(
      `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  socket.on('error', (err) => on.onError(err));
  socket.on('close', () => {
    open = false;
    on.onClose();
  });

  return {
    send: (text) => {
      if (open) send(OP.TEXT, Buffer.from(text));
    },
    terminate: () => socket.destroy(),
  };
}
