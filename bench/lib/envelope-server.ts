/**
 * A loopback `node:http` server answering every request with the same Strapi list envelope
 * (10 entries and `meta.pagination`), run as its own process so the clients under test do not
 * share an event loop with it. Prints its URL on stdout, then serves until killed.
 *
 *   node bench/lib/envelope-server.ts
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export function envelopeBody(): string {
  const data = Array.from({ length: 10 }, (_, index) => ({
    id: index + 1,
    documentId: `doc${String(index).padStart(20, '0')}`,
    title: `Entry number ${index + 1}`,
    slug: `entry-number-${index + 1}`,
    views: index * 17,
    category: 'news',
    featured: index % 2 === 0,
    publishDate: '2024-05-01',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-02T10:00:00.000Z',
    publishedAt: '2024-05-02T10:00:00.000Z',
  }));
  return JSON.stringify({ data, meta: { pagination: { page: 1, pageSize: 10, pageCount: 5, total: 50 } } });
}

export interface EnvelopeServer {
  url: string;
  stop(): void;
}

/** Starts this file as a child process and resolves with its URL. */
export function startEnvelopeServer(): Promise<EnvelopeServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => {
      resolve({ url: chunk.toString().trim(), stop: () => child.kill() });
    });
    child.once('exit', (code) => reject(new Error(`the envelope server exited (${code})`)));
  });
}

if (import.meta.main) {
  const body = envelopeBody();
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
}
