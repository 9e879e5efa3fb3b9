import type { CallDefinition, CallInput, CallResult } from './call';
import type * as contracts from './index';

type AllCalls = Extract<(typeof contracts)[keyof typeof contracts], CallDefinition>;

/**
 * Every declared call by its path, as a type only. The web client names a call by its path
 * literal: tsc checks the literal against the contracts and takes the input and result types
 * from here, and the browser never loads the server's schemas (or zod) to make a call.
 */
export type CallMap = { [C in AllCalls as C['path']]: C };
export type CallPath = keyof CallMap;
export type PathInput<P extends CallPath> = CallInput<CallMap[P]>;
export type PathResult<P extends CallPath> = CallResult<CallMap[P]>;
