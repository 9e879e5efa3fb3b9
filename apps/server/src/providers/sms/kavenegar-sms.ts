import { type CodeMessage, SmsSendError, type SmsSender } from './sms-sender';

const TIMEOUT_MS = 10_000;

interface KavenegarAnswer {
  return?: { status?: number; message?: string };
}

/** Kavenegar's verify/lookup API: the code is sent through a template approved in its panel. */
export class KavenegarSmsSender implements SmsSender {
  readonly name = 'kavenegar';

  constructor(private readonly settings: { apiKey: string; template: string; baseUrl: string }) {}

  async sendCode(message: CodeMessage): Promise<void> {
    const url = `${this.settings.baseUrl}/v1/${encodeURIComponent(this.settings.apiKey)}/verify/lookup.json`;
    const body = new URLSearchParams({
      // Kavenegar takes the local form of Iranian numbers.
      receptor: message.to.replace(/^\+98/, '0'),
      token: message.code,
      template: this.settings.template,
    });
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
