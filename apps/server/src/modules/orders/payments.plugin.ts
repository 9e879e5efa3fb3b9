import { type OnlineGateway, PAGES } from '@vitrin/contracts';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentGateway } from '../../providers/payment/payment-gateway';
import { SandboxGateway } from '../../providers/payment/sandbox-gateway';
import { sandboxPage } from '../../providers/payment/sandbox-page';
import { ZarinpalGateway } from '../../providers/payment/zarinpal-gateway';
import { ZibalGateway } from '../../providers/payment/zibal-gateway';
import type { PaymentContext } from './payments.service';

/** Our payment callback page (apps/web); each gateway appends its own query (Authority, trackId). */
export const PAYMENT_CALLBACK_PATH = PAGES.paymentCallback;

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured gateways and what the payment steps need with them. */
    payments: PaymentContext;
  }
}

function gatewayOf(name: OnlineGateway, config: AppConfig, db: Database): PaymentGateway {
  switch (name) {
    case 'zarinpal':
      if (!config.zarinpal) throw new Error('the zarinpal gateway needs its settings');
      return new ZarinpalGateway(config.zarinpal);
    case 'zibal':
      if (!config.zibal) throw new Error('the zibal gateway needs its settings');
      return new ZibalGateway(config.zibal);
    case 'sandbox':
      return new SandboxGateway(db, config.publicUrl);
  }
}

/** The gateways the settings name (the built-in sandbox by default), in their order. */
export default fp(
  async (app) => {
    const { config } = app;
    const gateways = new Map<string, PaymentGateway>(
      config.paymentGateways.map((name) => [name, gatewayOf(name, config, app.db)]),
    );
    app.decorate('payments', {
      db: app.db,
      gateways,
      available: config.paymentGateways,
      callbackUrl: `${config.publicUrl}${PAYMENT_CALLBACK_PATH}`,
      log: app.log,
    });
    // The sandbox's own "bank page", served only while it is a gateway (decision 0011).
    if (gateways.has('sandbox')) await app.register(sandboxPage);
  },
  { name: 'payments', dependencies: ['config', 'database'] },
);
