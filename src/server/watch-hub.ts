/**
 * The `/schema-watch` server-sent-events streams: one `connected` event on connect, a comment
 * heartbeat so proxies keep the stream open, a cap on open streams, and a clean end for all
 * of them when Strapi shuts down.
 */
import type { ServerResponse } from 'node:http';

/**
 * Response header of `/schema-watch` naming the heartbeat interval in milliseconds, so a watcher
 * can tell a silent (dead) stream from a quiet one without knowing the server's configuration.
 */
export const HEARTBEAT_HEADER = 'X-Heartbeat-Interval';

export interface WatchHubOptions {
  heartbeatInterval: number;
  maxClients: number;
}

export class WatchHub {
  readonly #clients = new Set<ServerResponse>();
  readonly #options: WatchHubOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(options: WatchHubOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#clients.size;
  }

  get full(): boolean {
    return this.#clients.size >= this.#options.maxClients;
  }

  /** Takes over the response: writes the SSE head and the `connected` event, then holds it. */
  open(res: ServerResponse, hash: string): void {
    if (this.#closed) {
      res.writeHead(503, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': '2',
        Connection: 'close',
      });
      res.end('Strapi is shutting down.\n');
      return;
    }
    res.socket?.setKeepAlive(true);
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      [HEARTBEAT_HEADER]: String(this.#options.heartbeatInterval),
    });
    res.write(`retry: 1000\nevent: connected\ndata: ${JSON.stringify({ hash })}\n\n`);
    this.#clients.add(res);
    const forget = () => this.#forget(res);
    res.once('close', forget);
    res.once('error', forget);
    this.#startHeartbeat();
  }

  /** Ends every stream and refuses new ones. */
  close(): void {
    this.#closed = true;
    for (const res of this.#clients) {
      res.end();
      // A client that never reads would keep the socket open and Strapi's shutdown waiting.
      res.socket?.destroySoon();
    }
    this.#clients.clear();
    this.#stopHeartbeat();
  }

  #forget(res: ServerResponse): void {
    this.#clients.delete(res);
    if (this.#clients.size === 0) this.#stopHeartbeat();
  }

  #startHeartbeat(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      for (const res of this.#clients) res.write(': heartbeat\n\n');
    }, this.#options.heartbeatInterval);
    this.#timer.unref();
  }

  #stopHeartbeat(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
