import { generateKeyPairSync } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PanelCallRecord, PanelError } from './panel-driver';
import { type DkimKey, type Mailbox, MailRefusal, type PanelMail } from './panel-mail';
import { hashSandboxPassword, SandboxPanelDriver } from './sandbox-driver';
import { sandboxMailboxes, sandboxMailDomains, sandboxPanelAccounts } from './sandbox-schema';

// The sandbox panel's mail (issue 35 item 3): mailboxes in its own tables, refused as a panel
// would (a mailbox already there, a quota over the account's disk, a short password), and a DKIM
// key made for the domain on first use and kept.

const MIN_PASSWORD_LENGTH = 8;
export const SANDBOX_DKIM_SELECTOR = 'vitrin';
/** The host the demo's MX record names (the sandbox receives no mail). */
export const SANDBOX_MAIL_HOST = 'mail.vitrin.localhost';

interface Options {
  publicUrl: string;
  onCall?: (record: PanelCallRecord) => void;
}

export class SandboxMailPanelDriver extends SandboxPanelDriver implements PanelMail {
  constructor(
    private readonly mailDb: Database,
    options: Options,
  ) {
    super(mailDb, options);
  }

  listMailboxes(username: string, domain: string): Promise<Mailbox[]> {
    return this.call('mail', `list mailboxes ${username} ${domain}`, async () => {
      await this.mailDomain(username, domain);
      return this.mailDb
        .select({
          localPart: sandboxMailboxes.localPart,
          quotaMb: sandboxMailboxes.quotaMb,
          usedMb: sandboxMailboxes.usedMb,
        })
        .from(sandboxMailboxes)
        .where(eq(sandboxMailboxes.username, username))
        .orderBy(asc(sandboxMailboxes.createdAt), asc(sandboxMailboxes.localPart));
    });
  }

  createMailbox(
    username: string,
    domain: string,
    localPart: string,
    password: string,
    quotaMb: number | null,
  ): Promise<void> {
    return this.call('mail', `create mailbox ${localPart}@${domain}`, async () => {
      const account = await this.mailDomain(username, domain);
      checkQuota(account.diskLimitMb, quotaMb);
      checkPassword(password);
      const inserted = await this.mailDb
        .insert(sandboxMailboxes)
        .values({ username, localPart, passwordHash: hashSandboxPassword(password), quotaMb })
        .onConflictDoNothing()
        .returning({ localPart: sandboxMailboxes.localPart });
      if (inserted.length === 0) {
        throw new MailRefusal('exists', `sandbox: ${localPart}@${domain} already exists`);
      }
    });
  }

  setMailboxPassword(
    username: string,
    domain: string,
    localPart: string,
    password: string,
  ): Promise<void> {
    return this.call('mail', `password of ${localPart}@${domain}`, async () => {
      await this.mailDomain(username, domain);
      checkPassword(password);
      await this.updateMailbox(username, domain, localPart, {
        passwordHash: hashSandboxPassword(password),
      });
    });
  }

  setMailboxQuota(
    username: string,
    domain: string,
    localPart: string,
    quotaMb: number | null,
  ): Promise<void> {
    return this.call('mail', `quota of ${localPart}@${domain}`, async () => {
      const account = await this.mailDomain(username, domain);
      checkQuota(account.diskLimitMb, quotaMb);
      await this.updateMailbox(username, domain, localPart, { quotaMb });
    });
  }

  deleteMailbox(username: string, domain: string, localPart: string): Promise<void> {
    return this.call('mail', `delete mailbox ${localPart}@${domain}`, async () => {
      await this.mailDomain(username, domain);
      await this.mailDb
        .delete(sandboxMailboxes)
        .where(
          and(eq(sandboxMailboxes.username, username), eq(sandboxMailboxes.localPart, localPart)),
        );
    });
  }

  dkimKey(username: string, domain: string): Promise<DkimKey | null> {
    return this.call('mail', `dkim key of ${domain}`, async () => {
      const mail = await this.mailDomain(username, domain);
      return { selector: mail.dkimSelector, publicKey: mail.dkimPublicKey };
    });
  }

  /** The account's mail domain, made (with its DKIM key) on first use. */
  private async mailDomain(username: string, domain: string) {
    const [account] = await this.mailDb
      .select({
        domain: sandboxPanelAccounts.domain,
        diskLimitMb: sandboxPanelAccounts.diskLimitMb,
      })
      .from(sandboxPanelAccounts)
      .where(eq(sandboxPanelAccounts.username, username));
    if (!account) throw new PanelError('not-found', `sandbox: no account ${username}`);
    if (account.domain !== domain) {
      throw new PanelError('refused', `sandbox: ${username} does not own ${domain}`);
    }
    const found = () =>
      this.mailDb
        .select()
        .from(sandboxMailDomains)
        .where(eq(sandboxMailDomains.username, username));
    let [mail] = await found();
    if (!mail) {
      // A key pair takes a moment to make: only when the domain has none yet.
      await this.mailDb
        .insert(sandboxMailDomains)
        .values({ username, domain, ...newDkimKey() })
        .onConflictDoNothing();
      [mail] = await found();
    }
    if (!mail) throw new PanelError('server-error', `sandbox: no mail domain for ${username}`);
    return { ...mail, diskLimitMb: account.diskLimitMb };
  }

  private async updateMailbox(
    username: string,
    domain: string,
    localPart: string,
    changes: Partial<typeof sandboxMailboxes.$inferInsert>,
  ): Promise<void> {
    const updated = await this.mailDb
      .update(sandboxMailboxes)
      .set(changes)
      .where(
        and(eq(sandboxMailboxes.username, username), eq(sandboxMailboxes.localPart, localPart)),
      )
      .returning({ localPart: sandboxMailboxes.localPart });
    if (updated.length === 0) {
      throw new MailRefusal('missing', `sandbox: ${localPart}@${domain} does not exist`);
    }
  }
}

/** A fresh DKIM key pair as the sandbox keeps it. */
export function newDkimKey(): {
  dkimSelector: string;
  dkimPrivateKey: string;
  dkimPublicKey: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    dkimSelector: SANDBOX_DKIM_SELECTOR,
    dkimPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    dkimPublicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

function checkQuota(diskLimitMb: number | null, quotaMb: number | null): void {
  if (diskLimitMb === null) return;
  if (quotaMb === null || quotaMb > diskLimitMb) {
    throw new MailRefusal(
      'quota',
      `sandbox: a quota of ${quotaMb ?? 'unlimited'} MB is over the account's ${diskLimitMb} MB`,
    );
  }
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new MailRefusal('weak-password', 'sandbox: the password is too short');
  }
}
