/**
 * `cms-types watch`: holds `/schema-watch` open and regenerates when the hash of a `connected`
 * event differs from the stored one. It never polls: when the stream drops (Strapi restarts)
 * it reconnects with backoff, and a stream silent for longer than three heartbeats is taken
 * for dead and replaced (the plugin names its heartbeat interval in a response header). It
 * regenerates at most once per hash: a reconnect that finds the stored hash writes nothing,
 * `--force` included (that applies to the first connection only). Files it did not write in
 * the output folder are a refusal before it connects, and at every regeneration (the previous
 * output stays; it watches on), unless `--force` takes them over.
 */
import { isSchemaError } from '../codegen/validate.ts';
import type { CliContext } from './context.ts';
import { readEventStream } from './event-stream.ts';
import { checkOutputFolder, currentHash, runGenerate } from './generate.ts';
import { TransportError } from './http.ts';
import type { LiveGenerateOptions, WatchOptions } from './options.ts';
import { RemoteError, request } from './remote.ts';
import { OutputConflictError } from './writer.ts';

export async function watch(
  settings: LiveGenerateOptions,
  context: CliContext,
  options: WatchOptions = {},
): Promise<void> {
  const { out, signal } = context;
  const connectTimeout = options.idleTimeout ?? DEFAULT_IDLE_TIMEOUT;
  const initialBackoff = options.initialBackoff ?? 250;
  const maxBackoff = options.maxBackoff ?? 5_000;
  const fastRetryWindow = options.fastRetryWindow ?? 60_000;
  let lostAt = 0;
  // Output from another version or format, or with a file missing, is regenerated on connect.
  let stored = currentHash(settings);
  let backoff = initialBackoff;
  let reported = false;
  let force = settings.force === true;
  let wait: number | undefined;
  checkOutputFolder(settings);
  out.info(`Watching ${settings.source.remote.url} for schema changes (Ctrl-C to stop).`);
  while (!signal.aborted) {
    const connection = new AbortController();
    const abort = () => connection.abort();
    signal.addEventListener('abort', abort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let idleTimeout = connectTimeout;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new Error('idle')), idleTimeout);
    };
    try {
      const response = await request(
        { ...settings.source.remote, timeout: connectTimeout },
        '/schema-watch',
        {
          headers: { Accept: 'text/event-stream' },
          signal: connection.signal,
          stream: true,
        },
      );
      idleTimeout = options.idleTimeout ?? idleTimeoutFor(response.header(HEARTBEAT_HEADER));
      armIdle();
      for await (const item of readEventStream(response.chunks())) {
        armIdle();
        if (item.kind !== 'event' || item.event !== 'connected') continue;
        const hash = (JSON.parse(item.data) as { hash?: unknown }).hash;
        if (typeof hash !== 'string') continue;
        if (reported) out.info('Reconnected to Strapi.');
        reported = false;
        backoff = initialBackoff;
        if (hash === stored && !force) {
          out.info(`Schema unchanged (hash ${hash.slice(0, 12)}).`);
          continue;
        }
        try {
          const result = await runGenerate({ ...settings, force: true }, context, { knownHash: hash });
          stored = result.hash;
          force = false;
        } catch (error) {
          if (signal.aborted) break;
          if (isSchemaError(error))
            out.error(`${error.message} (keeping the previous output; fix the schema and restart Strapi)`);
          else if (error instanceof RemoteError) out.error(`${error.message} (keeping the previous output)`);
          else if (error instanceof OutputConflictError)
            out.error(`${error.message} (keeping the previous output; still watching)`);
          else throw error;
        }
      }
    } catch (error) {
      if (signal.aborted) break;
      if (error instanceof RemoteError && (error.status === 401 || error.status === 404)) throw error;
      // Over the plugin's stream cap (or another busy answer): wait as long as the server asks.
      if (error instanceof RemoteError && error.retryAfter !== undefined) wait = error.retryAfter * 1_000;
      // A failure of the connection itself (http.ts wraps every one) is retried; anything else is a bug.
      if (!(error instanceof RemoteError) && !connection.signal.aborted && !(error instanceof TransportError))
        throw error;
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', abort);
      connection.abort();
    }
    if (signal.aborted) break;
    if (wait !== undefined) {
      out.info(`Strapi is busy; retrying in ${wait / 1_000} s.`);
      await sleep(wait, signal);
      wait = undefined;
      continue;
    }
    if (!reported) {
      out.info(`Lost the connection to ${settings.source.remote.url}; reconnecting when Strapi is back...`);
      reported = true;
      lostAt = Date.now();
    }
    if (Date.now() - lostAt < fastRetryWindow) {
      await sleep(initialBackoff, signal);
      continue;
    }
    await sleep(backoff, signal);
    backoff = Math.min(backoff * 2, maxBackoff);
  }
}

/** Three of the plugin's default heartbeats (15 s). */
const DEFAULT_IDLE_TIMEOUT = 45_000;
/** The header the plugin names its heartbeat interval in (milliseconds). */
const HEARTBEAT_HEADER = 'x-heartbeat-interval';

/** Three heartbeats, plus a second for a slow network; the default when the header is absent or odd. */
function idleTimeoutFor(header: string | undefined): number {
  const interval = header === undefined ? Number.NaN : Number(header);
  if (!Number.isInteger(interval) || interval <= 0) return DEFAULT_IDLE_TIMEOUT;
  return interval * 3 + 1_000;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
