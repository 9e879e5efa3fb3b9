import fp from 'fastify-plugin';
import { ConsoleSmsSender } from '../providers/sms/console-sms';
import { KavenegarSmsSender } from '../providers/sms/kavenegar-sms';
import type { SmsSender } from '../providers/sms/sms-sender';
import { countOutcomes } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

/** The SMS sender the settings name: console (default, local outbox) or Kavenegar. */
export default fp(
  async (app) => {
    const settings = app.config.sms;
    const sender: SmsSender =
      settings.provider === 'kavenegar'
        ? new KavenegarSmsSender(settings)
        : new ConsoleSmsSender(settings.outboxDir, app.log);
    for (const [method, kind] of [
      ['sendCode', 'code'],
      ['sendNotice', 'notice'],
    ] as const) {
      countOutcomes(sender, method, (outcome) =>
        app.metrics.messages.inc({ channel: 'sms', kind, outcome }),
      );
    }
    app.decorate('sms', sender);
  },
  { name: 'sms', dependencies: ['config', 'metrics'] },
);
