// Written here rather than taken from @persian-tools/persian-tools 4.0.4, whose numberToWords
// splits hundreds into two words («نه صد», «هشت صد», «چهار صد») where Persian writes one
// («نهصد», «هشتصد», «چهارصد»): wrong on every amount with such a hundreds digit.

const ONES = ['', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'];
const TEENS = [
  'ده',
  'یازده',
  'دوازده',
  'سیزده',
  'چهارده',
  'پانزده',
  'شانزده',
  'هفده',
  'هجده',
  'نوزده',
];
const TENS = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
// «یکصد» and «یک هزار» rather than «صد» and «هزار», as amounts are written on cheques and
// invoices, so nothing can be written in front of them.
const HUNDREDS = ['', 'یکصد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
// Short scale, as Iranian banks write it; the last covers Number.MAX_SAFE_INTEGER (about 9×10^15).
const SCALES = ['', 'هزار', 'میلیون', 'میلیارد', 'تریلیون', 'کوادریلیون'];

/** Writes a Rial amount in Persian words for an invoice: 1_250_000 → «یک میلیون و دویست و پنجاه هزار ریال». */
export function rialInWords(amountRial: number): string {
  if (!Number.isSafeInteger(amountRial) || amountRial < 0) {
    throw new RangeError(`A Rial amount is a whole number from 0, got ${amountRial}`);
  }
  if (amountRial === 0) return 'صفر ریال';
  const groups: string[] = [];
  let rest = amountRial;
  for (let scale = 0; rest > 0; scale += 1) {
    const group = rest % 1000;
    if (group > 0) groups.unshift(`${belowThousand(group)} ${SCALES[scale]}`.trim());
    rest = Math.floor(rest / 1000);
  }
  return `${groups.join(' و ')} ریال`;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const belowHundred = value % 100;
  const tens = Math.floor(belowHundred / 10);
  const ones = belowHundred % 10;
  const parts = [HUNDREDS[hundreds]];
  if (tens === 1) parts.push(TEENS[ones]);
  else parts.push(TENS[tens], ONES[ones]);
  return parts.filter(Boolean).join(' و ');
}
