import { toPersianDigits } from '@vitrin/fa';

// How the timeline names who did a step and how an exchange with a panel went.

export type EventActor = 'system' | 'customer' | 'staff' | 'panel';

export const EVENT_ACTOR_LABELS: Record<EventActor, string> = {
  system: 'سیستم',
  customer: 'مشتری',
  staff: 'کارشناس',
  panel: 'کنترل پنل',
};

/** An HTTP status as a badge colour: success teal, refusal orange, failure red, none gray. */
export function httpStatusColor(status: number | null): string {
  if (status === null) return 'gray';
  if (status < 300) return 'teal';
  if (status < 500) return 'orange';
  return 'red';
}

/** «۱۲۳ میلی‌ثانیه», or «۲٫۴ ثانیه» from two seconds up. */
export function durationText(ms: number): string {
  if (ms < 2000) return `${toPersianDigits(Math.round(ms))} میلی‌ثانیه`;
  const seconds = Math.round(ms / 100) / 10;
  return `${toPersianDigits(String(seconds).replace('.', '٫'))} ثانیه`;
}

/**
 * A body as staff read it: JSON indented two spaces, a URL-encoded form one pair a line (the
 * DirectAdmin and WHM answers), anything else as it came.
 */
export function readableBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      return body;
    }
  }
  if (/^[\w.[\]%-]+=[^\s]*(&[\w.[\]%-]+=[^\s]*)+$/.test(trimmed)) {
    return trimmed.split('&').join('\n');
  }
  return body;
}

const LATIN_LETTER = /[A-Za-z]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A Persian message that ends with the driver's English reason in parentheses («… سپرده شد
 * (the panel refused our credentials (HTTP 403))») split in two, so the reason can be shown on
 * its own left-to-right line: inside Persian text its parentheses would be drawn mirrored and
 * out of place. A message without such a tail comes back whole.
 */
export function splitLatinNote(message: string): { text: string; note: string | null } {
  if (!message.endsWith(')')) return { text: message, note: null };
  for (let start = message.indexOf(' ('); start > 0; start = message.indexOf(' (', start + 1)) {
    const note = message.slice(start + 2, -1);
    if (LATIN_LETTER.test(note) && !ARABIC_SCRIPT.test(note) && balanced(note)) {
      return { text: message.slice(0, start), note };
    }
  }
  return { text: message, note: null };
}
