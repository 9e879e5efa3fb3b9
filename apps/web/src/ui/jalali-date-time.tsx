import { formatJalaliDate } from '@vitrin/fa';

/** An instant as a Jalali date and Tehran time, isolated right to left so the date reads first. */
export function JalaliDateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      <bdi dir="rtl">{formatJalaliDate(iso, { withTime: true })}</bdi>
    </time>
  );
}
