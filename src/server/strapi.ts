/**
 * The small part of Strapi's server object the plugin touches, typed here so the plugin needs
 * no dependency on Strapi's packages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StrapiRoute {
  method?: string;
  path?: string;
  handler?: unknown;
  config?: { prefix?: unknown; auth?: unknown };
  /** Zod schemas (Strapi 5.2x+): params and query by name, body by media type. */
  request?: { params?: unknown; query?: unknown; body?: unknown };
  /** The zod schema of the 200 answer. */
  response?: unknown;
  /** Set by Strapi when it registers the route: `type` is the router's (`content-api`, `admin`). */
  info?: { type?: unknown };
}

export interface StrapiRouter {
  type?: string;
  /** Mount prefix; a plugin's router defaults to `/<plugin name>`. */
  prefix?: string;
  routes?: StrapiRoute[];
}

/** `strapi.contentAPISchemaRegistry` (5.54): named zod schemas of content types and components. */
export interface StrapiSchemaRegistry {
  entries(): Iterable<[string, unknown]>;
}

export interface StrapiPlugin {
  config(path: string, defaultValue?: unknown): unknown;
  routes?: Record<string, StrapiRouter | undefined>;
}

export interface StrapiLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface StrapiLike {
  /** Strapi's merged configuration; `info.strapi` is the running version. */
  config?: { get(path: string, defaultValue?: unknown): unknown };
  contentTypes: Record<string, unknown>;
  components: Record<string, unknown>;
  apis?: Record<string, { routes?: Record<string, StrapiRouter | undefined> } | undefined>;
  /** Loaded plugins by name; `routes` is an array of admin routes or an object of routers. */
  plugins?: Record<string, { routes?: Record<string, StrapiRouter | undefined> | StrapiRoute[] } | undefined>;
  contentAPISchemaRegistry?: StrapiSchemaRegistry;
  dirs?: { app?: { root?: string } };
  plugin(name: string): StrapiPlugin | undefined;
  service(uid: string): unknown;
  db?: { query(uid: string): { findOne(params: unknown): Promise<unknown> } };
  log: StrapiLog;
}

/** The Koa context as far as the controllers use it. */
export interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  status: number;
  body: unknown;
  respond?: boolean;
  request: { headers: IncomingMessage['headers'] };
  set(field: string, value: string): void;
  get(field: string): string;
  type: string;
}
