/**
 * Everything the CLI prints: colour only on a TTY and never with NO_COLOR, a spinner on a
 * TTY (a plain line elsewhere) for anything slower than a moment, and token redaction.
 */
export interface Output {
  info(message: string): void;
  success(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Shows progress until the promise settles; on a TTY a spinner after 150 ms. */
  progress<T>(label: string, work: Promise<T>): Promise<T>;
}

export interface OutputStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

const FRAMES = ['|', '/', '-', '\\'];

export function createOutput({ stdout, stderr, env }: OutputStreams): Output {
  const color = stdout.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb';
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[39m` : text);
  const spin = stderr.isTTY === true && env.CI === undefined;
  return {
    info: (message) => stdout.write(`${message}\n`),
    success: (message) => stdout.write(`${paint(32, '✔')} ${message}\n`),
    warn: (message) => stderr.write(`${paint(33, 'warning:')} ${message}\n`),
    error: (message) => stderr.write(`${paint(31, 'error:')} ${message}\n`),
    async progress(label, work) {
      if (!spin) return work;
      let frame = 0;
      let shown = false;
      const timer = setInterval(() => {
        shown = true;
        stderr.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}`);
      }, 150);
      try {
        return await work;
      } finally {
        clearInterval(timer);
        if (shown) stderr.write(`\r${' '.repeat(label.length + 2)}\r`);
      }
    },
  };
}

/** Shows at most the first 6 characters of a secret. */
export function redact(secret: string): string {
  return secret.length <= 6 ? '***' : `${secret.slice(0, 6)}…`;
}
