import type { z } from 'zod';

/**
 * Who may make a call: anyone, a signed-in user, staff (support or admin: the staff console's
 * tickets and read-only views), or admins only (issue 8).
 */
export type CallAccess = 'public' | 'user' | 'staff' | 'admin';

export interface CallDefinition<
  Path extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  readonly path: Path;
  readonly summary: string;
  readonly tag: string;
  readonly access: CallAccess;
  readonly request: Req;
  readonly response: Res;
}

/**
 * Declares one HTTP call (API.md: every call is POST). The server registers its route from
 * this object and the web client calls it through this object, so the path and the fields
 * are written once.
 */
export function defineCall<
  Path extends `/api/${string}`,
  Req extends z.ZodType,
  Res extends z.ZodType,
>(call: CallDefinition<Path, Req, Res>): CallDefinition<Path, Req, Res> {
  return Object.freeze(call);
}

/** What the client sends: the request schema's input type. */
export type CallInput<C extends CallDefinition> = z.input<C['request']>;
/** What the handler receives after parsing. */
export type CallParsed<C extends CallDefinition> = z.output<C['request']>;
/** The `data` of the success envelope. */
export type CallResult<C extends CallDefinition> = z.output<C['response']>;
