import { PaymentGatewayError } from './payment-gateway';

// One JSON POST to a gateway's API, the way both drivers need it: no answer, a 5xx (often a
// proxy in front of the gateway) or a body that is not JSON means the outcome is unknown.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Answers the HTTP status and the parsed JSON body; throws PaymentGatewayError otherwise. */
export async function postGatewayJson(
  gateway: string,
  url: string,
  path: string,
  body: object,
  timeoutMs: number,
): Promise<{ httpStatus: number; parsed: unknown }> {
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new PaymentGatewayError(`${gateway} unreachable (${path})`, { cause: error });
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new PaymentGatewayError(`${gateway} answered HTTP ${response.status} (${path})`);
  }
  try {
    return { httpStatus: response.status, parsed: await response.json() };
  } catch (error) {
    throw new PaymentGatewayError(
      `${gateway} answered HTTP ${response.status} without JSON (${path})`,
      { cause: error },
    );
  }
}
