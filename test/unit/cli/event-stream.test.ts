import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readEventStream, type StreamItem } from '../../../src/cli/event-stream.ts';

async function parse(chunks: string[]): Promise<StreamItem[]> {
  const encoder = new TextEncoder();
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const chunk of chunks) yield encoder.encode(chunk);
  }
  const items: StreamItem[] = [];
  for await (const item of readEventStream(body())) items.push(item);
  return items;
}

describe('readEventStream', () => {
  it('reads events, comments and retry across arbitrary chunk boundaries', async () => {
    const text =
      'retry: 1000\nevent: connected\ndata: {"hash":"a"}\n\n: heartbeat\n\ndata: one\ndata: two\nid: 7\n\n';
    const want: StreamItem[] = [
      { kind: 'retry', ms: 1000 },
      { kind: 'event', event: 'connected', data: '{"hash":"a"}', id: undefined },
      { kind: 'comment', text: 'heartbeat' },
      { kind: 'event', event: 'message', data: 'one\ntwo', id: '7' },
    ];
    assert.deepEqual(await parse([text]), want);
    assert.deepEqual(await parse(text.split('')), want, 'one character at a time');
  });

  it('handles CRLF and CR line ends, even split between chunks', async () => {
    assert.deepEqual(await parse(['event: a\r', '\ndata: x\r\n\r', '\n']), [
      { kind: 'event', event: 'a', data: 'x', id: undefined },
    ]);
    assert.deepEqual(await parse(['data: y\r\r']), [
      { kind: 'event', event: 'message', data: 'y', id: undefined },
    ]);
  });

  it('ignores an unfinished event at the end and unknown fields', async () => {
    assert.deepEqual(await parse(['foo: bar\n\ndata: cut']), []);
  });
});
