import type { z } from 'zod';
import type { StaffPermission } from './staff-permissions';

/**
 * Who may make a call: anyone, any signed-in user, or staff holding one permission of the role
 * matrix (`STAFF_PERMISSIONS`, decision 0017): a staff call names what it needs, never "staff".
 */
export type CallAccess = 'public' | 'user' | { readonly permission: StaffPermission };

export interface CallDefinition<
  Path extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Access extends CallAccess = CallAccess,
> {
  readonly path: Path;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
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
  const Access extends CallAccess,
>(call: CallDefinition<Path, Req, Res, Access>): CallDefinition<Path, Req, Res, Access> {
  return Object.freeze(call);
}

/** What the client sends: the request schema's input type. */
export type CallInput<C extends CallDefinition> = z.input<C['request']>;
/** What the handler receives after parsing. */
export type CallParsed<C extends CallDefinition> = z.output<C['request']>;
/** The `data` of the success envelope. */
export type CallResult<C extends CallDefinition> = z.output<C['response']>;
