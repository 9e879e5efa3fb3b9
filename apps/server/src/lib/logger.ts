/**
 * The logging a service may do, without knowing who logs: the app's logger (pino, through
 * Fastify) fits it, and so does anything a test passes.
 */
type LogMethod = (details: object, message?: string) => void;

export interface Logger {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}
