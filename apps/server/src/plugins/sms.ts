import fp from 'fastify-plugin';
import { ConsoleSmsSender } from '../providers/sms/console-sms';
import { KavenegarSmsSender } from '../providers/sms/kavenegar-sms';
import type { SmsSender } from '../providers/sms/sms-sender';

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
    app.decorate('sms', sender);
  },
  { name: 'sms', dependencies: ['config'] },
);
