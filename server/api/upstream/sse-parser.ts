/** One Server-Sent Event: its `event` name (default `message`) and its `data` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream rules, minus `id`/`retry`,
 * which a run stream does not use): bytes in as they arrive, whole events out. Chunk boundaries
 * may fall anywhere — inside a line, a CRLF or a multi-byte character.
 *
 * The gateway reads a forwarded run's events with it while the same bytes go to the client
 * untouched; it never changes what is forwarded.
 *
 * @example
 * const parse = createSseParser();
 * parse(Buffer.from('event: RunStarted\ndata: {"run_id":"r1"}\n\n')); // [{ event: 'RunStarted', data: '{"run_id":"r1"}' }]
 */
export function createSseParser(maxEventBytes = 4 * 1024 * 1024): (chunk: Buffer | string) => SseEvent[] {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let size = 0;
  let pendingCr = false;

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      size = 0;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      size += value.length;
      // An event larger than the bound is dropped rather than held: the client still gets it.
      if (size <= maxEventBytes) data.push(value);
    }
  };

  return (chunk) => {
    const out: SseEvent[] = [];
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c === 10 && pendingCr) {
        // The LF of a CRLF whose CR ended the previous line.
        pendingCr = false;
        start = i + 1;
        continue;
      }
      pendingCr = false;
      if (c === 10 || c === 13) {
        line(buffer.slice(start, i), out);
        if (c === 13) pendingCr = true;
        start = i + 1;
      }
    }
    buffer = buffer.slice(start);
    if (buffer.length > maxEventBytes) buffer = '';
    return out;
  };
}
