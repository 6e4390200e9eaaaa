/**
 * A reader for `text/event-stream` bodies: yields each event, and each comment line (the
 * plugin's heartbeat) so a watcher can tell a live but quiet stream from a dead one.
 */
export type StreamItem =
  | { kind: 'event'; event: string; data: string; id: string | undefined }
  | { kind: 'comment'; text: string }
  | { kind: 'retry'; ms: number };

export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamItem> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        // A lone CR at the end may be the first half of a CRLF split across chunks.
        if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
        const line = buffer.slice(0, newline);
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
        buffer = buffer.slice(newline + width);
        if (line === '') {
          if (data.length > 0) yield { kind: 'event', event: event || 'message', data: data.join('\n'), id };
          event = '';
          data = [];
        } else if (line.startsWith(':')) {
          yield { kind: 'comment', text: line.slice(1).trim() };
        } else {
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          let value = colon === -1 ? '' : line.slice(colon + 1);
          if (value.startsWith(' ')) value = value.slice(1);
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id') id = value;
          else if (field === 'retry' && /^\d+$/.test(value)) yield { kind: 'retry', ms: Number(value) };
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
    }
  } finally {
    reader.releaseLock();
  }
}
