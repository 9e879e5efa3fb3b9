/** A one-time code to deliver by SMS. Senders format it for their channel. */
export interface CodeMessage {
  /** E.164 mobile number. */
  to: string;
  code: string;
  /** The Persian text a plain-text channel sends. */
  text: string;
}

/** A plain-text notice: a reminder, a ticket answered (issue 6). */
export interface NoticeMessage {
  /** E.164 mobile number. */
  to: string;
  text: string;
  /**
   * Our id for this message (one event's notice): Kavenegar keeps it (as digits derived from
   * it) as `localid`, so a resend after a crash is recognisable by it there (its
   * `statuslocalmessageid`), as it is here in the outbox.
   */
  localId?: string;
}

/** Delivers SMS. A send that fails throws: callers tell the person, never pretend it went. */
export interface SmsSender {
  readonly name: string;
  sendCode(message: CodeMessage): Promise<void>;
  sendNotice(message: NoticeMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
