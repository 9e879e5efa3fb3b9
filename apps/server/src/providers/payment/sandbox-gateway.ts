import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type {
  PaymentGateway,
  PaymentRequest,
  StartedPayment,
  VerifyOutcome,
} from './payment-gateway';
import { sandboxPayments } from './sandbox-schema';

/** Where the sandbox's own payment page lives; the authority follows. */
export const SANDBOX_PAGE_PATH = '/pay/sandbox';

/**
 * The built-in gateway (decision 0011): no money moves. Its attempts are rows in our database,
 * so every node sees them; its page (sandbox.routes.ts) lets a person choose pay or cancel, and
 * `verify` answers like a real gateway would, including "already verified" the second time.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  async start(request: PaymentRequest): Promise<StartedPayment> {
    const authority = `S${randomBytes(18).toString('base64url')}`;
    await this.db.insert(sandboxPayments).values({
      authority,
      amountRial: request.amountRial,
      description: request.description,
      callbackUrl: request.callbackUrl,
    });
    return { authority, redirectUrl: `${this.publicUrl}${SANDBOX_PAGE_PATH}/${authority}` };
  }

  async verify(input: { authority: string; amountRial: number }): Promise<VerifyOutcome> {
    const referenceId = sandboxReference(input.authority);
    const [first] = await this.db
      .update(sandboxPayments)
      .set({ verifiedAt: new Date() })
      .where(
        and(
          eq(sandboxPayments.authority, input.authority),
          eq(sandboxPayments.status, 'paid'),
          eq(sandboxPayments.amountRial, input.amountRial),
          isNull(sandboxPayments.verifiedAt),
        ),
      )
      .returning({ authority: sandboxPayments.authority });
    if (first) return { status: 'paid', referenceId, cardPan: '6037-99**-****-1234' };
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.authority, input.authority));
    if (!row) return { status: 'failed', code: '-54', message: 'unknown authority' };
    if (row.amountRial !== input.amountRial) {
      return { status: 'failed', code: '-50', message: 'amount differs' };
    }
    if (row.status === 'paid') {
      return { status: 'already-verified', referenceId, cardPan: '6037-99**-****-1234' };
    }
    return { status: 'failed', code: '-51', message: `not paid (${row.status})` };
  }
}

/** A stable, numeric-looking reference number per authority, like a bank's. */
function sandboxReference(authority: string): string {
  const digest = createHash('sha256').update(authority).digest();
  return String((digest.readUInt32BE(0) % 900_000_000) + 100_000_000);
}
