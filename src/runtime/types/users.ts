/** The types of `client.users`: the users-permissions plugin's user routes. */
import type { RelationInput } from './attribute-values.ts';
import type { UserModel } from './auth.ts';
import type { Filters } from './filters.ts';
import type { Checked, Fields, NoParams, Populate, Sort } from './params.ts';
import type { CacheOptions } from './request.ts';
import type { QueryResult } from './result.ts';
import type { InputOf, SchemaShape } from './shape.ts';

/** `users.find` parameters: offset pagination only, flat `start` and `limit`. */
export interface UsersQueryParams<S extends SchemaShape, M = UserModel<S>> {
  /** Conditions on the user fields, e.g. `{ confirmed: true }`. */
  filters?: Filters<S, M> | undefined;
  /** Search text: users with it in a text field (username, email...). */
  _q?: string | undefined;
  /** Order, e.g. `'username:asc'`. */
  sort?: Sort<M> | undefined;
  /** User fields to return (all but the private ones by default). */
  fields?: Fields<M> | undefined;
  /** Relations to include, e.g. `{ role: true }`. */
  populate?: Populate<S, M> | undefined;
  /** Skip this many users. */
  start?: number | undefined;
  /** At most this many users. */
  limit?: number | undefined;
}

/** `users.findOne` parameters: what to select and populate. */
export type UserParams<S extends SchemaShape, M = UserModel<S>> = Pick<
  UsersQueryParams<S, M>,
  'fields' | 'populate'
>;

/** `users.count` parameters: the users to count. */
export type UserCountParams<S extends SchemaShape, M = UserModel<S>> = Pick<
  UsersQueryParams<S, M>,
  'filters'
>;

/** What `users.create` takes: Strapi requires the password and the role (its id or documentId). */
export type UserCreateData<S extends SchemaShape> = Omit<InputOf<UserModel<S>>, 'password' | 'role'> & {
  /** The new user's password. */
  password: string;
  /** The role: its numeric id or documentId. */
  role: Exclude<RelationInput, null>;
};

/** The query `create` and `update` answer as: Strapi populates the role. */
interface WithRole {
  /** What Strapi populates. */
  populate: {
    /** The user's role. */
    role: true;
  };
}

/** A user as `create` and `update` return it: with its role. */
export type UserWithRole<S extends SchemaShape> = QueryResult<S, UserModel<S>, WithRole>;

/** `client.users`: the users-permissions plugin's user routes. */
export interface UsersApi<S extends SchemaShape> {
  /** Lists users (`GET /api/users`); the user type follows `populate` and `fields`. */
  find<const P extends UsersQueryParams<S> = NoParams>(
    params?: Checked<P, UsersQueryParams<S>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, UserModel<S>, P>[]>;
  /** One user by numeric id (`GET /api/users/:id`), or `null` when there is none. */
  findOne<const P extends UserParams<S> = NoParams>(
    id: number,
    params?: Checked<P, UserParams<S>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, UserModel<S>, P> | null>;
  /** How many users match (`GET /api/users/count`). */
  count(params?: UserCountParams<S>, cacheOptions?: CacheOptions): Promise<number>;
  /** Creates a user (`POST /api/users`); it comes back with its role. */
  create(data: UserCreateData<S>, cacheOptions?: CacheOptions): Promise<UserWithRole<S>>;
  /** Changes the given fields of a user (`PUT /api/users/:id`); it comes back with its role. */
  update(
    id: number,
    data: Partial<InputOf<UserModel<S>>>,
    cacheOptions?: CacheOptions,
  ): Promise<UserWithRole<S>>;
  /** Deletes a user (`DELETE /api/users/:id`) and returns it, or `null` when there was none. */
  delete(id: number, cacheOptions?: CacheOptions): Promise<QueryResult<S, UserModel<S>, NoParams> | null>;
}
