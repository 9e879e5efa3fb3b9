import { formatJalaliDate } from '@vitrin/fa';

/** An instant as a Jalali date and Tehran time, isolated right to left so the date reads first. */
export function JalaliDateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      <bdi dir="rtl">{formatJalaliDate(iso, { withTime: true })}</bdi>
    </time>
  );
}

/** An instant's Jalali date in Tehran, without the time: for expiry and end dates. */
export function JalaliDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      <bdi dir="rtl">{formatJalaliDate(iso)}</bdi>
    </time>
  );
}
