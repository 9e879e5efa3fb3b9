import fp from 'fastify-plugin';
import { createMailSender, type MailSender } from '../providers/email/mail-sender';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

/** The e-mail sender the settings name: the local outbox (default) or SMTP (issue 20). */
export default fp(
  async (app) => {
    const sender = createMailSender(app.config.mail, app.log);
    app.decorate('mail', sender);
    app.addHook('onClose', () => sender.close());
  },
  { name: 'mail', dependencies: ['config'] },
);
