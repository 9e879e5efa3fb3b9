import fp from 'fastify-plugin';
import { SecretBox } from '../lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals what must be read back later (panel credentials, account passwords). */
    secrets: SecretBox;
  }
}

export default fp(
  async (app) => {
    app.decorate('secrets', new SecretBox(app.config.secretKeys));
  },
  { name: 'secrets', dependencies: ['config'] },
);
