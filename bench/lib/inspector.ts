/**
 * A minimal Chrome DevTools Protocol client over the global WebSocket, to settle the Strapi
 * process's heap (a full garbage collection) and read its memory from inside. The bench Strapi
 * runs with `--inspect=127.0.0.1:0`; its URL is the `Debugger listening on ws://...` line.
 */

export interface Inspector {
  /** A full, synchronous garbage collection in the inspected process. */
  collectGarbage(): Promise<void>;
  /** `process.memoryUsage()` of the inspected process, in bytes. */
  memoryUsage(): Promise<{ rss: number; heapUsed: number; external: number; arrayBuffers: number }>;
  close(): void;
}

export function inspectorUrl(output: string): string | undefined {
  const matches = [...output.matchAll(/Debugger listening on (ws:\/\/\S+)/g)];
  return matches.at(-1)?.[1];
}

export async function connectInspector(url: string): Promise<Inspector> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot connect to the inspector at ${url}`)), {
      once: true,
    });
  });
  let next = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id === undefined) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error.message));
    else waiter?.resolve(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async collectGarbage() {
      await send('HeapProfiler.collectGarbage');
    },
    async memoryUsage() {
      const result = (await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(result.result.value);
    },
    close: () => socket.close(),
  };
}
