import { searchDomains } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { RegistrarPool } from './registrars';
import { searchDomainNames } from './search.service';

/** The domain calls (issue 38): the public search. */
export async function domainRoutes(app: FastifyInstance) {
  const registrars = new RegistrarPool({ db: app.db, secrets: app.secrets });
  app.addHook('onClose', () => registrars.close());
  registerCall(
    app,
    searchDomains,
    ({ q }) => searchDomainNames({ db: app.db, registrars, log: app.log }, q),
    // Each search asks the registries: a person types a few names a minute, a scraper many.
    { rateLimit: { max: 30, timeWindowMs: 60_000 } },
  );

  app.pageMeta.add(/^\/domains$/, async () => ({
    title: 'جست‌وجوی دامنه | ویترین',
    description:
      'آزاد بودن نام دامنه را در پسوندهای ایرانی و بین‌المللی از خود ثبت‌کننده بپرسید و قیمت ثبت و تمدید سالانه را ببینید.',
  }));
}
