/**
 * A reader for `text/event-stream` bodies: yields each event, and each comment line (the
 * plugin's heartbeat) so a watcher can tell a live but quiet stream from a dead one.
 */
export type StreamItem =
  | { kind: 'event'; event: string; data: string; id: string | undefined }
  | { kind: 'comment'; text: string }
  | { kind: 'retry'; ms: number };

const LINE_END = /\r\n|\r|\n/;

export async function* readEventStream(body: AsyncIterable<Uint8Array>): AsyncGenerator<StreamItem> {
  const decoder = new TextDecoder();
  const parser = new EventParser();
  let buffer = '';
  const chunks = body[Symbol.asyncIterator]();
  try {
    for (;;) {
      const { done, value } = await chunks.next();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // At the end a trailing CR is a line end; before it, it may be half of a split CRLF.
      if (done && buffer.endsWith('\r')) buffer += '\n';
      let match = LINE_END.exec(buffer);
      while (match && !(match[0] === '\r' && match.index === buffer.length - 1)) {
        const item = parser.line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
        if (item) yield item;
        match = LINE_END.exec(buffer);
      }
      if (done) return;
    }
  } finally {
    // Stopped early (the watcher moved on): the body is released too.
    await chunks.return?.();
  }
}

/** The field rules of the event-stream format, one line at a time. */
class EventParser {
  #event = '';
  #data: string[] = [];
  #id: string | undefined;

  line(line: string): StreamItem | undefined {
    if (line === '') {
      const item: StreamItem | undefined =
        this.#data.length > 0
          ? { kind: 'event', event: this.#event || 'message', data: this.#data.join('\n'), id: this.#id }
          : undefined;
      this.#event = '';
      this.#data = [];
      return item;
    }
    if (line.startsWith(':')) return { kind: 'comment', text: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id') this.#id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) return { kind: 'retry', ms: Number(value) };
    return undefined;
  }
}
