import fp from 'fastify-plugin';
import type { PaymentGateway } from '../../providers/payment/payment-gateway';
import { SandboxGateway } from '../../providers/payment/sandbox-gateway';
import { sandboxPage } from '../../providers/payment/sandbox-page';
import { ZarinpalGateway } from '../../providers/payment/zarinpal-gateway';
import type { PaymentContext } from './payments.service';

/** Our payment callback page (apps/web); the gateway appends `Authority` and `Status`. */
export const PAYMENT_CALLBACK_PATH = '/pay/callback';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured gateway and what the payment steps need with it. */
    payments: PaymentContext;
  }
}

/** The gateway the settings name: the built-in sandbox (default) or ZarinPal. */
export default fp(
  async (app) => {
    const { config } = app;
    let gateway: PaymentGateway;
    if (config.paymentGateway === 'zarinpal') {
      if (!config.zarinpal) throw new Error('PAYMENT_GATEWAY=zarinpal needs its settings');
      gateway = new ZarinpalGateway(config.zarinpal);
    } else {
      gateway = new SandboxGateway(app.db, config.publicUrl);
    }
    app.decorate('payments', {
      db: app.db,
      gateway,
      callbackUrl: `${config.publicUrl}${PAYMENT_CALLBACK_PATH}`,
      log: app.log,
    });
    // The sandbox's own "bank page", served only while it is the gateway (decision 0011).
    if (gateway.name === 'sandbox') await app.register(sandboxPage);
  },
  { name: 'payments', dependencies: ['config', 'database'] },
);
