/** What we ask a gateway to collect. */
export interface PaymentRequest {
  /** Integer Rial. */
  amountRial: number;
  /** Persian, shown by the gateway. */
  description: string;
  /** Where the gateway sends the person back (absolute URL). */
  callbackUrl: string;
  /** E.164 mobile and e-mail of the payer, when known (ZarinPal metadata). */
  mobile?: string | undefined;
  email?: string | undefined;
  /** Our own reference (the payment row id), for logs and the gateway's order_id. */
  reference: string;
}

/** A payment the gateway opened: keep the authority, send the person to the redirect URL. */
export interface StartedPayment {
  authority: string;
  redirectUrl: string;
}

/**
 * The gateway's definite answer. `failed` means it said "not paid"; an unknown outcome is never
 * a `VerifyOutcome` but a thrown `PaymentGatewayError`.
 */
export type VerifyOutcome =
  | { status: 'paid'; referenceId: string; cardPan: string | null }
  | { status: 'already-verified'; referenceId: string; cardPan: string | null }
  | { status: 'failed'; code: string; message: string };

/** A payment gateway. Implementations never decide from the callback's query alone. */
export interface PaymentGateway {
  readonly name: string;
  /** Opens a payment; throws `PaymentGatewayError` when none was opened. */
  start(request: PaymentRequest): Promise<StartedPayment>;
  /** Asks the gateway whether `authority` was paid `amountRial`; never trusts the callback. */
  verify(input: { authority: string; amountRial: number }): Promise<VerifyOutcome>;
}

/**
 * The gateway could not be reached, answered something unreadable, or refused the question
 * itself (not the payment): the outcome is unknown, so a caller must not mark the payment
 * failed on it. `code` is the gateway's own code when it gave one.
 */
export class PaymentGatewayError extends Error {
  readonly code: string | null;

  constructor(message: string, options?: { code?: string | undefined; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PaymentGatewayError';
    this.code = options?.code ?? null;
  }
}
