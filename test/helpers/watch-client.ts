/** A test client for `/schema-watch`: opens the stream and reads it with the CLI's parser. */
import { readEventStream, type StreamItem } from '../../src/cli/event-stream.ts';

export interface WatchConnection {
  status: number;
  headers: Headers;
  /** The next item of the stream; rejects after `timeout` ms, resolves `null` at the end. */
  next(timeout?: number): Promise<StreamItem | null>;
  /** The next `connected` event's hash. */
  connected(timeout?: number): Promise<string>;
  close(): void;
}

export async function openWatch(
  baseUrl: string,
  headers: Record<string, string> = {},
): Promise<WatchConnection> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/cms-typed-client/schema-watch`, {
    headers,
    signal: controller.signal,
  });
  const reader =
    response.ok && response.body
      ? readEventStream(chunksOf(response.body))[Symbol.asyncIterator]()
      : undefined;
  const next = async (timeout = 5_000): Promise<StreamItem | null> => {
    if (!reader) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no stream item within ${timeout} ms`)), timeout);
    });
    try {
      const item = await Promise.race([reader.next(), expired]);
      return item.done ? null : item.value;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    next,
    async connected(timeout = 5_000) {
      for (;;) {
        const item = await next(timeout);
        if (item === null) throw new Error('stream ended before a connected event');
        if (item.kind === 'event' && item.event === 'connected')
          return (JSON.parse(item.data) as { hash: string }).hash;
      }
    },
    close() {
      controller.abort();
      if (!reader) void response.body?.cancel().catch(() => {});
    },
  };
}

/** Resolves when `check` returns true, polling every 50 ms; rejects after `timeout` ms. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeout = 5_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fetch body as the chunks readEventStream reads. */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
