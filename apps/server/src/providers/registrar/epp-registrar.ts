import { type EppEndpoint, type EppLogin, EppSession, type EppSessionOptions } from './epp-session';
import { domainCheckCommand, readCheckData } from './epp-xml';
import type { NameCheck, RegistrarDriver } from './registrar-driver';

// The generic EPP registrar (RFC 5730 core, RFC 5731 domains, RFC 5734 transport): one session
// per registrar account, kept open between calls.

/** RFC 5731 leaves the batch size to the server; registries commonly take up to this many. */
export const EPP_CHECK_BATCH = 5;

export class EppRegistrar implements RegistrarDriver {
  readonly kind = 'epp';
  private readonly session: EppSession;

  constructor(options: {
    endpoint: EppEndpoint;
    login: EppLogin;
    timeoutMs: number;
    onExchange?: EppSessionOptions['onExchange'];
  }) {
    this.session = new EppSession(options);
  }

  async check(names: readonly string[]): Promise<NameCheck[]> {
    const answers = new Map<string, NameCheck>();
    for (let start = 0; start < names.length; start += EPP_CHECK_BATCH) {
      const batch = names.slice(start, start + EPP_CHECK_BATCH);
      const result = await this.session.command('domain check', (clTRID) =>
        domainCheckCommand(batch, clTRID),
      );
      for (const answer of readCheckData(result.resData)) answers.set(answer.name, answer);
    }
    return names.flatMap((name) => answers.get(name.toLowerCase()) ?? []);
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
