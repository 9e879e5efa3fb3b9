import fp from 'fastify-plugin';
import { createMailSender } from '../providers/email/create-mail-sender';
import type { MailSender } from '../providers/email/mail-sender';
import { countOutcomes } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

/** The e-mail sender the settings name: the local outbox (default) or SMTP (issue 20). */
export default fp(
  async (app) => {
    const sender = createMailSender(app.config.mail, app.log);
    countOutcomes(sender, 'send', (outcome) =>
      app.metrics.messages.inc({ channel: 'email', kind: 'mail', outcome }),
    );
    app.decorate('mail', sender);
    app.addHook('onClose', () => sender.close());
  },
  { name: 'mail', dependencies: ['config', 'metrics'] },
);
