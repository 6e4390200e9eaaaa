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
}

export interface StrapiRouter {
  type?: string;
  routes?: StrapiRoute[];
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
