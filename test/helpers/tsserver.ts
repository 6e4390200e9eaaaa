/**
 * The real `tsserver` (node_modules/typescript/lib/tsserver.js), driven over its stdio protocol
 * the way an editor drives it: open a file, ask quick info or completions at a position, edit.
 * Used by the editor tests and by the editor benchmark (bench/budgets/editor.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../harness/paths.ts';

const TSSERVER = join(
  createRequire(join(ROOT, 'package.json')).resolve('typescript/package.json'),
  '..',
  'lib',
  'tsserver.js',
);

/** A 1-based line and column, as the protocol counts them. */
export interface Location {
  line: number;
  offset: number;
}

/** The body of a `quickinfo` response (the fields used here). */
export interface QuickInfo {
  kind: string;
  /** What the editor shows, e.g. `const page: { ... } | null`. */
  displayString: string;
  /** The symbol's doc comment text. */
  documentation: string;
  /** Its JSDoc tags, e.g. `{ name: 'minLength', text: '2' }`. */
  tags: { name: string; text?: string }[];
}

/** One place a `definition` request points at. */
export interface Definition {
  file: string;
  start: Location;
}

/** The body of a `completionInfo` response (the fields used here). */
export interface CompletionInfo {
  entries: { name: string; kind: string }[];
}

interface Pending {
  resolve(body: unknown): void;
  reject(error: Error): void;
  command: string;
}

/** The 1-based location of the `index`-th character of `text`. */
export function locationAt(text: string, index: number): Location {
  if (index < 0 || index > text.length) throw new RangeError(`index ${index} is outside the text`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length, offset: before[before.length - 1]!.length + 1 };
}

/** The location just after the first occurrence of `marker` in `text` (`after: false`: at its start). */
export function locationOf(text: string, marker: string, after = true): Location {
  const index = text.indexOf(marker);
  if (index < 0) throw new Error(`'${marker}' is not in the text`);
  return locationAt(text, after ? index + marker.length : index);
}

/** One tsserver process. Close it with {@link TsServer.close}. */
export class TsServer {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, Pending>();
  readonly #texts = new Map<string, string>();
  #buffer = Buffer.alloc(0);
  #seq = 0;
  #stderr = '';
  #exited: Promise<void>;

  private constructor(cwd: string) {
    this.#child = spawn(
      process.execPath,
      [
        TSSERVER,
        '--disableAutomaticTypingAcquisition',
        '--suppressDiagnosticEvents',
        '--noGetErrOnBackgroundUpdate',
        '--locale',
        'en',
      ],
      { cwd, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.#child.stdout!.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.#child.stderr!.on('data', (chunk: Buffer) => {
      this.#stderr += chunk.toString('utf8');
    });
    this.#exited = new Promise((resolve) => {
      this.#child.on('exit', (code, signal) => {
        const error = new Error(`tsserver exited (${code ?? signal}) ${this.#stderr.slice(-2000)}`);
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
        resolve();
      });
    });
  }

  /** Starts tsserver in `cwd` and waits until it answers. */
  static async start(cwd: string): Promise<TsServer> {
    const server = new TsServer(cwd);
    await server.request('configure', { preferences: {} });
    return server;
  }

  #receive(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const headerEnd = this.#buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.#buffer.subarray(0, headerEnd).toString('ascii');
      const match = /Content-Length: (\d+)/i.exec(header);
      if (!match) throw new Error(`tsserver sent a message without Content-Length: ${header}`);
      const start = headerEnd + 4;
      const end = start + Number(match[1]);
      if (this.#buffer.length < end) return;
      const message = JSON.parse(this.#buffer.subarray(start, end).toString('utf8')) as {
        type: string;
        request_seq?: number;
        success?: boolean;
        message?: string;
        body?: unknown;
      };
      this.#buffer = this.#buffer.subarray(end);
      if (message.type !== 'response' || message.request_seq === undefined) continue;
      const pending = this.#pending.get(message.request_seq);
      if (!pending) continue;
      this.#pending.delete(message.request_seq);
      if (message.success) pending.resolve(message.body);
      else pending.reject(new Error(`tsserver ${pending.command} failed: ${message.message}`));
    }
  }

  #send(command: string, args: object): number {
    const seq = ++this.#seq;
    this.#child.stdin!.write(`${JSON.stringify({ seq, type: 'request', command, arguments: args })}\n`);
    return seq;
  }

  /** A request that tsserver answers; resolves with the response body. */
  request<T>(command: string, args: object): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const seq = this.#send(command, args);
      this.#pending.set(seq, { resolve: resolve as (body: unknown) => void, reject, command });
    });
  }

  /** Opens `file` with `content` (no response: tsserver loads its project on the next request). */
  open(file: string, content: string): void {
    this.#texts.set(file, content);
    this.#send('open', { file, fileContent: content, scriptKindName: 'TS' });
  }

  /** Replaces `file`'s whole text, as an editor does after an edit. */
  replace(file: string, content: string): Promise<unknown> {
    const old = this.#texts.get(file);
    if (old === undefined) throw new Error(`${file} is not open`);
    this.#texts.set(file, content);
    return this.request('updateOpen', {
      changedFiles: [
        {
          fileName: file,
          textChanges: [
            { start: { line: 1, offset: 1 }, end: locationAt(old, old.length), newText: content },
          ],
        },
      ],
    });
  }

  /** Quick info (hover) at `at`. */
  quickInfo(file: string, at: Location): Promise<QuickInfo> {
    return this.request<QuickInfo>('quickinfo', { file, ...at });
  }

  /** Where the symbol at `at` is declared (go to definition). */
  definition(file: string, at: Location): Promise<Definition[]> {
    return this.request<Definition[]>('definition', { file, ...at });
  }

  /** Completions at `at`, as the editor asks for them while typing. */
  completions(file: string, at: Location): Promise<CompletionInfo> {
    return this.request<CompletionInfo>('completionInfo', {
      file,
      ...at,
      includeExternalModuleExports: false,
      includeInsertTextCompletions: true,
    });
  }

  /** Asks tsserver to exit, and kills it when it does not within 5 s. */
  async close(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    this.#send('exit', {});
    this.#child.stdin!.end();
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5_000);
    await this.#exited;
    clearTimeout(timer);
  }
}
