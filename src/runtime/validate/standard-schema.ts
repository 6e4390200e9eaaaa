/**
 * Standard Schema v1 (https://standardschema.dev), the interface form libraries (React Hook
 * Form's `standardSchemaResolver`, TanStack Form, Conform) and servers (tRPC, Hono,
 * next-safe-action) accept: declared here, so the client depends on nothing.
 */

/** A validator any Standard Schema consumer takes. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

/** What `~standard` holds. */
export interface StandardSchemaProps<Input, Output> {
  /** The version of the standard: 1. */
  readonly version: 1;
  /** Who made the validator: `cms-typed-client`. */
  readonly vendor: string;
  /** Validates a value: the value (cast as Strapi casts it) or the issues. */
  readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  /** The input and output types, for type inference only. */
  readonly types?: StandardTypes<Input, Output> | undefined;
}

/** A validator's input and output types (never set at run time). */
export interface StandardTypes<Input, Output> {
  /** What the validator takes. */
  readonly input: Input;
  /** What a valid value becomes. */
  readonly output: Output;
}

/** The result of `validate`: the value, or the issues. */
export type StandardResult<Output> = StandardSuccess<Output> | StandardFailure;

/** A valid value, as the write will send it. */
export interface StandardSuccess<Output> {
  /** The value, cast as Strapi casts it. */
  readonly value: Output;
  /** None: the value is valid. */
  readonly issues?: undefined;
}

/** An invalid value's problems. */
export interface StandardFailure {
  /** Every problem, in Strapi's words, with its path. */
  readonly issues: readonly StandardIssue[];
}

/** One problem with a value, in the words Strapi answers with. */
export interface StandardIssue {
  /** What is wrong: Strapi's message for it (`title must be at most 120 characters`). */
  readonly message: string;
  /** Where: the keys down to the field, as in Strapi's `details.errors[].path` (`['items', '0', 'title']`). */
  readonly path?: readonly PropertyKey[] | undefined;
}
