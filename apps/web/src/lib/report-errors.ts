import { APP_PLATFORM, APP_VERSION } from './app-version';
import { callApi } from './http';

// A page stuck in an error loop must not flood the server.
const MAX_REPORTS_PER_PAGE_LOAD = 5;
const MAX_MESSAGE_LENGTH = 1000;
const MAX_STACK_LENGTH = 8000;
const MAX_PAGE_URL_LENGTH = 2000;

const reportedMessages = new Set<string>();

// The contract refuses control characters, and line breaks in the one-line message.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

function oneLine(text: string): string {
  return text.replace(controlCharacters, '').replace(/\s+/g, ' ').trim();
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const stack = error.stack?.replace(controlCharacters, '').trim();
    return { message: `${error.name}: ${error.message}`, stack: stack || undefined };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** Sends an error a person hit to the server, at most five distinct messages per page load. */
export function reportError(error: unknown): void {
  const described = describe(error);
  const message = oneLine(described.message).slice(0, MAX_MESSAGE_LENGTH) || 'Unknown error';
  if (reportedMessages.has(message) || reportedMessages.size >= MAX_REPORTS_PER_PAGE_LOAD) return;
  reportedMessages.add(message);

  callApi(
    '/api/app/report-client-error',
    {
      message,
      stack: described.stack?.slice(0, MAX_STACK_LENGTH),
      pageUrl: window.location.href.slice(0, MAX_PAGE_URL_LENGTH),
      release: APP_VERSION,
      platform: APP_PLATFORM,
      occurredAt: new Date().toISOString(),
    },
    { silent: true },
  ).catch(() => {
    // Reporting is best effort; a failed report must not raise another error to report.
  });
}

/** Reports uncaught errors and unhandled promise rejections for the life of the page. */
export function startErrorReporting(): void {
  window.addEventListener('error', (event) => {
    reportError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason);
  });
}
