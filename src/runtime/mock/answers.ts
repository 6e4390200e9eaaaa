/** The mock Strapi's answers and what a request carries, as the routes read it. */

import type { Loose } from './loose.ts';
/** An answer: status and JSON body (`undefined`: none). */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Strapi's error envelope. */
export function failure(status: number, name: string, message: string, details: unknown = {}): Answer {
  return { status, body: { data: null, error: { status, name, message, details } } };
}

/** A 404 as Strapi's router and controllers send it. */
export const notFound = (): Answer => failure(404, 'NotFoundError', 'Not Found');

/** What a request carries, read once. */
export interface Incoming {
  method: string;
  segments: string[];
  query: Loose;
  body: unknown;
  files: Record<string, Upload[]>;
  token: string | undefined;
}

/** A file of a form, read: its name, type, size and bytes. */
export interface Upload {
  name: string;
  type: string;
  size: number;
  bytes: Uint8Array;
}
