import { randomBytes } from 'node:crypto';

/**
 * The few WebSocket frames (RFC 6455) the workflow socket's tests need, written out so the tests
 * speak real frames through rundesk's tunnel without a WebSocket library: text and close frames,
 * masked when a client sends them, unfragmented.
 */

export const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa } as const;

export interface Frame {
  fin: boolean;
  opcode: number;
  payload: Buffer;
}

/** One frame; `masked` as a client must send it (a server never masks). */
export function encodeFrame(opcode: number, payload: Buffer | string, masked: boolean): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const len = data.length;
  const lengthBytes = len < 126 ? 0 : len < 65536 ? 2 : 8;
  const head = Buffer.alloc(2 + lengthBytes + (masked ? 4 : 0));
  head[0] = 0x80 | opcode;
  head[1] = (masked ? 0x80 : 0) | (len < 126 ? len : len < 65536 ? 126 : 127);
  if (lengthBytes === 2) head.writeUInt16BE(len, 2);
  if (lengthBytes === 8) head.writeBigUInt64BE(BigInt(len), 2);
  if (!masked) return Buffer.concat([head, data]);
  const mask = randomBytes(4);
  mask.copy(head, 2 + lengthBytes);
  const body = Buffer.from(data);
  for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([head, body]);
}

/**
 * Frames out of a byte stream, however it is cut: `push` each chunk, get the frames it completed
 * (a frame split across chunks waits for its rest).
 */
export function createFrameReader(): (chunk: Buffer) => Frame[] {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      if (pending.length < 2) break;
      const b0 = pending[0] as number;
      const b1 = pending[1] as number;
      let len = b1 & 0x7f;
      let at = 2;
      if (len === 126) {
        if (pending.length < 4) break;
        len = pending.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (pending.length < 10) break;
        len = Number(pending.readBigUInt64BE(2));
        at = 10;
      }
      const masked = (b1 & 0x80) !== 0;
      const mask = masked ? pending.subarray(at, at + 4) : null;
      if (masked) at += 4;
      if (pending.length < at + len) break;
      const payload = Buffer.from(pending.subarray(at, at + len));
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
      frames.push({ fin: (b0 & 0x80) !== 0, opcode: b0 & 0x0f, payload });
      pending = pending.subarray(at + len);
    }
    return frames;
  };
}
