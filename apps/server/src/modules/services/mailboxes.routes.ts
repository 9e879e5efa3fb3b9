import {
  createMailbox,
  deleteMailbox,
  listMailboxes,
  resetMailboxPassword,
  setMailboxQuota,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as mailboxes from './mailboxes';
import type { ProvisioningDeps } from './panel-servers';

/** The owner's calls on the mailboxes of a business e-mail service (issue 35 item 3). */
export async function mailboxRoutes(app: FastifyInstance, deps: ProvisioningDeps) {
  await withUser(app, async (scope) => {
    registerCall(
      scope,
      listMailboxes,
      ({ serviceId }, { user }) => mailboxes.listMailboxes(deps, user.id, serviceId),
      { rateLimit: { max: 60, timeWindowMs: 60_000 } },
    );
    // Each change is a panel call: a handful a minute is all a person needs.
    const changes = { rateLimit: { max: 20, timeWindowMs: 60_000 } };
    registerCall(
      scope,
      createMailbox,
      (input, { user }) => mailboxes.createMailbox(deps, user.id, input),
      { ...changes, successMessage: 'صندوق ایمیل ساخته شد' },
    );
    registerCall(
      scope,
      resetMailboxPassword,
      (input, { user }) => mailboxes.resetMailboxPassword(deps, user.id, input),
      { ...changes, successMessage: 'گذرواژهٔ صندوق تازه شد' },
    );
    registerCall(
      scope,
      setMailboxQuota,
      (input, { user }) => mailboxes.setMailboxQuota(deps, user.id, input),
      { ...changes, successMessage: 'سهمیهٔ صندوق تغییر کرد' },
    );
    registerCall(
      scope,
      deleteMailbox,
      (input, { user }) => mailboxes.deleteMailbox(deps, user.id, input),
      { ...changes, successMessage: 'صندوق ایمیل حذف شد' },
    );
  });
}
