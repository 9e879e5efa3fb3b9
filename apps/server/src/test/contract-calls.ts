import type { CallDefinition } from '@vitrin/contracts';
import * as contracts from '@vitrin/contracts';

function isCall(value: unknown): value is CallDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CallDefinition).path === 'string' &&
    (value as CallDefinition).path.startsWith('/api/') &&
    'request' in value &&
    'response' in value
  );
}

/** Every call the contracts declare: a new call is covered by the property tests on sight. */
export const contractCalls: CallDefinition[] = Object.values(
  contracts as Record<string, unknown>,
).filter(isCall);
