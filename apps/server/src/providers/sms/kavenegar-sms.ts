import { createHash } from 'node:crypto';
import { type CodeMessage, type NoticeMessage, SmsSendError, type SmsSender } from './sms-sender';

const TIMEOUT_MS = 10_000;

/**
 * Our notice id as Kavenegar's `localid`. Its SDKs disagree on the type (a long in some, a
 * string in others), so it is sent as digits: 48 bits of the id's SHA-256, the same for every
 * resend of one notice and a whole number any of them accepts.
 */
export function kavenegarLocalId(localId: string): string {
  return BigInt(`0x${createHash('sha256').update(localId).digest('hex').slice(0, 12)}`).toString();
}

/** Kavenegar takes the local form of Iranian numbers. */
function localNumber(e164: string): string {
  return e164.replace(/^\+98/, '0');
}

interface KavenegarAnswer {
  return?: { status?: number; message?: string };
}

/** Kavenegar's verify/lookup API: the code is sent through a template approved in its panel. */
export class KavenegarSmsSender implements SmsSender {
  readonly name = 'kavenegar';

  constructor(private readonly settings: { apiKey: string; template: string; baseUrl: string }) {}

  sendCode(message: CodeMessage): Promise<void> {
    return this.post('verify/lookup.json', {
      receptor: localNumber(message.to),
      token: message.code,
      template: this.settings.template,
    });
  }

  /** A plain text through Kavenegar's send API, from the account's default line. */
  sendNotice(message: NoticeMessage): Promise<void> {
    return this.post('sms/send.json', {
      receptor: localNumber(message.to),
      message: message.text,
      ...(message.localId ? { localid: kavenegarLocalId(message.localId) } : {}),
    });
  }

  private async post(method: string, fields: Record<string, string>): Promise<void> {
    const url = `${this.settings.baseUrl}/v1/${encodeURIComponent(this.settings.apiKey)}/${method}`;
    const body = new URLSearchParams(fields);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsSendError('kavenegar unreachable', { cause: error });
    }
    let answer: KavenegarAnswer;
    try {
      answer = (await response.json()) as KavenegarAnswer;
    } catch (error) {
      throw new SmsSendError(`kavenegar answered HTTP ${response.status} without JSON`, {
        cause: error,
      });
    }
    if (!response.ok || answer.return?.status !== 200) {
      throw new SmsSendError(
        `kavenegar refused: ${answer.return?.status ?? response.status} ${answer.return?.message ?? ''}`,
      );
    }
  }
}
