import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.js';

const stream = (events: SseEvent[], eol: string) =>
  events.map((e) => `event: ${e.event}${eol}${e.data.split('\n').map((d) => `data: ${d}`).join(eol)}${eol}${eol}`).join('');

const eventArb = fc.record({
  event: fc.stringMatching(/^[A-Za-z]{1,20}$/),
  data: fc.string({ unit: 'grapheme', minLength: 1 }).filter((s) => !/[\r]/.test(s) && !s.split('\n').some((l) => l === '')),
});

describe('createSseParser', () => {
  it('When a recorded run stream is read whole, then each event comes out with its name and data', () => {
    const parse = createSseParser();
    const out = parse('event: RunStarted\ndata: {"run_id":"r1"}\n\n: heartbeat\n\nevent: RunCompleted\ndata: {"a":1}\n\n');
    expect(out).toEqual([
      { event: 'RunStarted', data: '{"run_id":"r1"}' },
      { event: 'RunCompleted', data: '{"a":1}' },
    ]);
  });

  it('When the bytes are cut anywhere (inside a line, a CRLF, a multi-byte character), then the same events come out', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(), { maxLength: 8 }), (events, eol, cuts) => {
        const bytes = Buffer.from(stream(events, eol));
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const parse = createSseParser();
        const out: SseEvent[] = [];
        let from = 0;
        for (const p of [...points, bytes.length]) {
          out.push(...parse(bytes.subarray(from, p)));
          from = p;
        }
        expect(out).toEqual(events);
      }),
    );
  });
});
