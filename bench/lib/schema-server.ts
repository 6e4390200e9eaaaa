/**
 * A loopback HTTP server that answers like the two plugins, so the CLIs are measured without
 * Strapi's boot: `/api/cms-typed-client/schema` and `/schema-hash` (ours, with the ETag and
 * 304 rule of src/server/controller.ts) and `/api/strapi-typed-client/schema` and
 * `/schema-hash` (strapi-typed-client's, as its plugin's controller answers). Bodies are
 * serialized once per `serve()`, as both plugins do at startup or per request respectively.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { peerPayload } from './peer-schemas.ts';

interface Bodies {
  hash: string;
  schema: string;
  schemaHash: string;
  peerHash: string;
  peerSchema: string;
  peerSchemaHash: string;
}

export interface SchemaServer {
  url: string;
  /** Serves `payload` (ours) and its strapi-typed-client equivalent from now on. */
  serve(payload: SchemaResponse): void;
  /** Requests answered, by path (to check a run asked only for the hash). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export async function startSchemaServer(): Promise<SchemaServer> {
  let bodies: Bodies | undefined;
  const requests = new Map<string, number>();
  const send = (res: ServerResponse, req: IncomingMessage, body: string, etag?: string) => {
    if (etag) {
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'no-cache');
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304).end();
        return;
      }
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (!bodies) {
      res.writeHead(503).end();
      return;
    }
    const etag = `"${bodies.hash}"`;
    switch (path) {
      case '/api/cms-typed-client/schema':
        return send(res, req, bodies.schema, etag);
      case '/api/cms-typed-client/schema-hash':
        return send(res, req, bodies.schemaHash, etag);
      case '/api/strapi-typed-client/schema':
        return send(res, req, bodies.peerSchema);
      case '/api/strapi-typed-client/schema-hash':
        return send(res, req, bodies.peerSchemaHash);
      default:
        res
          .writeHead(404, { 'Content-Type': 'application/json' })
          .end('{"data":null,"error":{"status":404}}');
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    serve(payload) {
      const peer = peerPayload(payload);
      bodies = {
        hash: payload.hash,
        schema: JSON.stringify(payload),
        schemaHash: JSON.stringify({ hash: payload.hash }),
        peerHash: String(peer.hash),
        peerSchema: JSON.stringify(peer),
        peerSchemaHash: JSON.stringify({ hash: peer.hash, generatedAt: peer.generatedAt }),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
