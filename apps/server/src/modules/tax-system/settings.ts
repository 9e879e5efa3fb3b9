import {
  type CallParsed,
  type saveTaxSystemSettings,
  TAX_DEADLINE_DAYS,
  TAX_NOTICE_DAYS,
  type TaxSystemSettingsView,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { SecretBox } from '../../lib/secret-box';
import { createFakeMoadian, type FakeMoadian } from '../../providers/tax-system/fake-moadian';
import {
  createMoadianClient,
  describeCertificate,
  keyMatchesCertificate,
  MOADIAN_BASE_URL,
  MOADIAN_SANDBOX_BASE_URL,
  type MoadianClient,
} from '../../providers/tax-system/moadian-client';
import { changedFields, writeAudit } from '../audit';
import { getSeller } from '../billing';
import { fieldError } from '../catalog';
import { type TaxEnvironment, taxSystemSettings } from './schema';

// The company's connection to the tax organisation (issue 39): read, saved by admins with the
// key sealed and never read back, and turned into a client for the environment it names.

export type TaxSettingsRow = typeof taxSystemSettings.$inferSelect;

export async function readTaxSettings(db: Database): Promise<TaxSettingsRow | null> {
  const [row] = await db.select().from(taxSystemSettings).where(eq(taxSystemSettings.id, 1));
  return row ?? null;
}

/** Whether documents are sent now: set up, switched on. */
export function sending(row: TaxSettingsRow | null): row is TaxSettingsRow {
  return row?.enabled === true;
}

export function settingsView(row: TaxSettingsRow | null, now = new Date()): TaxSystemSettingsView {
  let certificate: TaxSystemSettingsView['certificate'] = null;
  if (row) {
    try {
      const described = describeCertificate(row.certificatePem);
      certificate = {
        subject: described.subject,
        notBefore: described.notBefore.toISOString(),
        notAfter: described.notAfter.toISOString(),
        expired: described.notAfter.getTime() < now.getTime(),
      };
    } catch {
      certificate = null;
    }
  }
  return {
    configured: row !== null,
    enabled: row?.enabled ?? false,
    environment: row?.environment ?? 'built-in',
    memoryId: row?.memoryId ?? null,
    defaultServiceId: row?.defaultServiceId ?? null,
    certificate,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    deadlineDays: TAX_DEADLINE_DAYS,
    noticeDays: TAX_NOTICE_DAYS,
  };
}

/**
 * Saves the settings. A new key or certificate is checked before anything is written: the
 * certificate readable and not expired, the key its own. The key is sealed; the audit log says
 * only that it changed.
 */
export async function saveTaxSettings(
  deps: { db: Database; secrets: SecretBox; clients: TaxSystemClients },
  actor: Actor,
  input: CallParsed<typeof saveTaxSystemSettings>,
): Promise<TaxSystemSettingsView> {
  const before = await readTaxSettings(deps.db);
  const certificatePem = input.certificatePem ?? before?.certificatePem;
  if (!certificatePem)
    throw fieldError('certificatePem', 'گواهی امضای صادرشده از سازمان را وارد کنید');
  let notAfter: Date;
  try {
    notAfter = describeCertificate(certificatePem).notAfter;
  } catch {
    throw fieldError('certificatePem', 'این گواهی خوانده نشد؛ متن کامل PEM گواهی را وارد کنید');
  }
  if (notAfter.getTime() < Date.now()) {
    throw fieldError('certificatePem', 'این گواهی منقضی شده است؛ گواهی تازه را از سازمان بگیرید');
  }
  let privateKeyPem: string;
  if (input.privateKeyPem) {
    privateKeyPem = input.privateKeyPem;
  } else if (before) {
    privateKeyPem = deps.secrets.open(before.privateKeySealed);
  } else {
    throw fieldError('privateKeyPem', 'کلید خصوصی‌ای را که گواهی برای آن صادر شده وارد کنید');
  }
  let matches = false;
  try {
    matches = keyMatchesCertificate(privateKeyPem, certificatePem);
  } catch {
    throw fieldError('privateKeyPem', 'این کلید خصوصی خوانده نشد؛ متن کامل PEM کلید را وارد کنید');
  }
  if (!matches) {
    throw fieldError(
      input.privateKeyPem ? 'privateKeyPem' : 'certificatePem',
      'کلید خصوصی با گواهی جور نیست: گواهی برای کلید دیگری صادر شده است',
    );
  }
  const values = {
    enabled: input.enabled,
    environment: input.environment,
    memoryId: input.memoryId,
    defaultServiceId: input.defaultServiceId,
    certificatePem,
    privateKeySealed: input.privateKeyPem
      ? deps.secrets.seal(input.privateKeyPem)
      : (before?.privateKeySealed as string),
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  const saved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxSystemSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: taxSystemSettings.id, set: values })
      .returning();
    if (!row) throw new Error('tax settings not saved');
    const shown = (settings: TaxSettingsRow) => ({
      enabled: settings.enabled,
      environment: settings.environment,
      memoryId: settings.memoryId,
      defaultServiceId: settings.defaultServiceId,
      certificate: settingsView(settings).certificate?.subject ?? null,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'tax-settings.update',
      entityType: 'tax-system',
      entityId: 'settings',
      ...(before ? changedFields(shown(before), shown(row)) : { after: shown(row) }),
      // The key is never written to the log: only that it changed.
      reason: input.privateKeyPem && before ? 'کلید خصوصی تازه' : null,
      ipAddress: actor.ipAddress,
    });
    return row;
  });
  deps.clients.forget();
  return settingsView(saved);
}

/**
 * A client for the settings' environment. `built-in` speaks to the product's own stand-in of the
 * organisation (providers/tax-system/fake-moadian.ts) in this process, with real signatures and
 * encryption and no network: `npm start` and the demo work with no account anywhere. Its book
 * lives as long as the process; an answer it lost with a restart is asked again and sent again.
 */
export class TaxSystemClients {
  private cached: { key: string; client: MoadianClient } | null = null;
  private builtIn: FakeMoadian | null = null;

  constructor(
    private readonly deps: {
      db: Database;
      secrets: SecretBox;
      timeoutMs: number;
      url: string | undefined;
    },
  ) {}

  /** The built-in stand-in, made on first use (its 4096-bit key takes a second). */
  builtInFake(): FakeMoadian {
    this.builtIn ??= createFakeMoadian();
    return this.builtIn;
  }

  async clientFor(settings: TaxSettingsRow): Promise<MoadianClient> {
    const key = `${settings.updatedAt.getTime()}:${settings.environment}:${settings.memoryId}`;
    if (this.cached?.key === key) return this.cached.client;
    const credentials = {
      memoryId: settings.memoryId,
      privateKeyPem: this.deps.secrets.open(settings.privateKeySealed),
      certificatePem: settings.certificatePem,
    };
    let client: MoadianClient;
    if (settings.environment === 'built-in') {
      const fake = this.builtInFake();
      const seller = await getSeller(this.deps.db);
      fake.addTaxpayer({
        memoryId: settings.memoryId,
        economicCode: seller.economicNumber,
        name: seller.legalName,
        nationalId: seller.nationalId,
      });
      client = createMoadianClient({
        baseUrl: 'http://built-in.tax-system.invalid/requestsmanager/api/v2/',
        credentials,
        fetch: fake.fetch,
        timeoutMs: this.deps.timeoutMs,
      });
    } else {
      client = createMoadianClient({
        baseUrl: this.deps.url ?? baseUrlOf(settings.environment),
        credentials,
        timeoutMs: this.deps.timeoutMs,
      });
    }
    this.cached = { key, client };
    return client;
  }

  /** Settings changed: the next call makes its client afresh. */
  forget(): void {
    this.cached = null;
  }

  close(): void {
    this.builtIn?.close();
    this.builtIn = null;
    this.cached = null;
  }
}

function baseUrlOf(environment: Exclude<TaxEnvironment, 'built-in'>): string {
  return environment === 'sandbox' ? MOADIAN_SANDBOX_BASE_URL : MOADIAN_BASE_URL;
}
