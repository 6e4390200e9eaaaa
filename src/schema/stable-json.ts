/**
 * A serialization whose bytes depend only on the data: object keys sorted at every depth,
 * `undefined` members dropped, no whitespace. Same input, same string, on every platform.
 */
export function stableStringify(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

function write(value: unknown, out: string[]): void {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    out.push(JSON.stringify(value));
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot serialize the number ${value}`);
    out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, index) => {
      if (index > 0) out.push(',');
      write(item === undefined ? null : item, out);
    });
    out.push(']');
    return;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    out.push('{');
    keys.forEach((key, index) => {
      if (index > 0) out.push(',');
      out.push(JSON.stringify(key), ':');
      write(record[key], out);
    });
    out.push('}');
    return;
  }
  throw new TypeError(`cannot serialize a value of type ${typeof value}`);
}
