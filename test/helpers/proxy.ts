/**
 * A small round-robin HTTP proxy on loopback, in front of several Strapi replicas, the way a
 * load balancer sits in front of them: each request goes to the next replica; a replica that
 * refuses the connection (it is restarting) is skipped for the next one. Responses stream
 * through as they arrive, so server-sent events (`/schema-watch`) work, and a stream ends when
 * its replica goes away.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Which replica served each request, in order: `[index, method, path]`. */
  served: [number, string, string][];
  close(): Promise<void>;
}

/** Starts the proxy in front of `targets` (base URLs on 127.0.0.1). */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: [number, string, string][] = [];
  const open = new Set<ServerResponse>();

  const forward = (incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, attempt: number) => {
    const index = next;
    next = (next + 1) % targets.length;
    const target = new URL(targets[index] as string);
    const headers = { ...incoming.headers, host: target.host };
    delete headers.connection;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers,
        agent: false,
      },
      (response) => {
        served.push([index, incoming.method ?? 'GET', incoming.url ?? '/']);
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        outgoing.flushHeaders();
        response.on('data', (chunk) => outgoing.write(chunk));
        response.on('end', () => outgoing.end());
        // The replica went away mid-response (a stopped Strapi closing a stream): so does the client's.
        response.on('close', () => {
          if (!response.complete) outgoing.destroy();
        });
      },
    );
    outgoing.on('close', () => upstream.destroy());
    upstream.on('error', (error) => {
      if (outgoing.destroyed) return;
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      if (attempt + 1 < targets.length) {
        forward(incoming, body, outgoing, attempt + 1);
        return;
      }
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`no replica answered: ${error.message}`);
    });
    upstream.end(body);
  };

  const server = createServer((incoming, outgoing) => {
    open.add(outgoing);
    outgoing.on('close', () => open.delete(outgoing));
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), outgoing, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
