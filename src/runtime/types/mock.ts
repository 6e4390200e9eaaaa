/**
 * The types of the generated `mocks` entry: seeded factories that make entries shaped as the
 * client's reads return them (`CollectionMock`, `SingleMock`, `ComponentMock`), and the
 * in-memory Strapi that answers the client's requests (`MockStrapi`).
 */
import type { Checked, FindOneParams, NoParams, QueryParams, SingleParams } from './params.ts';
import type { QueryResult } from './result.ts';
import type { IsDraft, ModelOf, SchemaShape } from './shape.ts';

/**
 * Fields a test sets on a made entry: each replaces the made value whole (a populated relation
 * or a component included). `null` where the field allows it.
 */
export type MockOverrides<T> = { [K in keyof T]?: T[K] | undefined };

/** The entries a collection type's factory makes (`mocks.articles`). */
export interface CollectionMock<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /**
   * One entry as `findOne(documentId, params)` returns it: the fields `fields` selects (all by
   * default), the relations, media, components and zones `populate` asks for, a draft under
   * `status: 'draft'`; every value valid under the schema's rules, the same for the same seed.
   */
  entry<const P extends FindOneParams<S, M> = NoParams>(
    params?: Checked<P, FindOneParams<S, M>>,
    overrides?: MockOverrides<QueryResult<S, M, P, IsDraft<P>>>,
  ): QueryResult<S, M, P, IsDraft<P>>;
  /** `count` entries as `find(params)` returns them (`pagination`, `sort` and `filters` aside). */
  list<const P extends QueryParams<S, M> = NoParams>(
    count: number,
    params?: Checked<P, QueryParams<S, M>>,
    overrides?: MockOverrides<QueryResult<S, M, P, IsDraft<P>>>,
  ): QueryResult<S, M, P, IsDraft<P>>[];
}

/** The entry a single type's factory makes (`mocks.siteSetting`). */
export interface SingleMock<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /** The entry as `find(params)` returns it (see {@link CollectionMock.entry}). */
  entry<const P extends SingleParams<S, M> = NoParams>(
    params?: Checked<P, SingleParams<S, M>>,
    overrides?: MockOverrides<QueryResult<S, M, P, IsDraft<P>>>,
  ): QueryResult<S, M, P, IsDraft<P>>;
}

/** The values a component's factory makes (`mocks['shared.seo']`), as a populated component. */
export interface ComponentMock<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /** One component value with what `populate` asks for. */
  entry<const P extends FindOneParams<S, M> = NoParams>(
    params?: Checked<P, FindOneParams<S, M>>,
    overrides?: MockOverrides<QueryResult<S, M, P>>,
  ): QueryResult<S, M, P>;
}

/** Options of `createMocks`. */
export interface MockOptions {
  /** The seed: the same seed makes the same entries, in the same order of calls. @default 1 */
  seed?: number | undefined;
  /** The locale of localized entries. @default 'en' */
  locale?: string | undefined;
}

/** A user the mock Strapi knows, for the users-permissions routes. */
export interface MockUser {
  /** The user's name (`identifier` of a login, with the email). */
  username: string;
  /** The user's email. */
  email: string;
  /** The password a login must send. */
  password: string;
  /** Other fields of the user (`confirmed`, `blocked`, added attributes). */
  [field: string]: unknown;
}

/** Options of `createMockStrapi`. */
export interface MockStrapiOptions<Mocks = Record<string, unknown>> {
  /** The seed of the made entries. @default 1 */
  seed?: number | undefined;
  /**
   * The URL the client is given as `baseURL`, which the mock answers (its `fetch` answers any
   * origin; the MSW handlers match this one). @default 'http://localhost:1337'
   */
  url?: string | undefined;
  /** How many entries each collection type starts with when `entries` names none. @default 3 */
  count?: number | undefined;
  /**
   * The entries a content type starts with, by client property, as the factories make them or
   * written by hand (fields left out are made up; populated relations become entries of their
   * own). A content type named here starts with these only.
   */
  entries?: { [K in keyof Mocks]?: readonly MockEntryOf<Mocks[K]>[] } | undefined;
  /** The locales of the i18n plugin; the first is the default. @default ['en'] */
  locales?: readonly string[] | undefined;
  /** The users-permissions users; a login with one of them succeeds. @default [] */
  users?: readonly MockUser[] | undefined;
}

/** What a factory's `entry` makes, loosely: a test may also write such an entry by hand. */
export type MockEntryOf<F> = F extends { entry(...args: never[]): infer E } ? Partial<E> : never;

/** The part of MSW `createMockStrapi(...).handlers` uses: `import { http } from 'msw'`. */
export interface MswApi<Handler> {
  /** MSW's `http` namespace. */
  http: MswHttp<Handler>;
}

/** MSW's `http` namespace, as far as the mock uses it. */
export interface MswHttp<Handler> {
  /** A handler of every method at `path`, answered by `resolver`. */
  all(path: string, resolver: (info: { request: Request }) => Response | Promise<Response>): Handler;
}

/** A request the mock answered, for assertions. */
export interface MockRequest {
  /** The method, upper case. */
  method: string;
  /** The path below the origin, with the query string. */
  url: string;
  /** The status of the answer. */
  status: number;
}

/** The in-memory Strapi of `createMockStrapi`. */
export interface MockStrapi {
  /** The URL to give the client as `baseURL`. */
  readonly url: string;
  /** Answers a request as Strapi would: `new CmsClient({ baseURL: mock.url, fetch: mock.fetch })`. */
  readonly fetch: typeof fetch;
  /** MSW request handlers answering at `url`: `setupServer(...mock.handlers({ http }))`. */
  handlers<Handler>(msw: MswApi<Handler>): Handler[];
  /** The requests answered so far, oldest first. */
  readonly requests: readonly MockRequest[];
  /** Back to the entries it started with. */
  reset(): void;
}
