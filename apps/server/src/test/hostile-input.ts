import fc from 'fast-check';

// Hostile input for the property tests (issue 18, QUALITY.md): what an attacker sends in place
// of each field, and plausible values beside them so a body gets past the schema sometimes and
// reaches the handler.

const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'VITRIN\u000010',
  '\ud800',
  'a\udfffb',
  '\u202eعلی',
  'نام\u2066x\u2069',
  '\u0007\u001b[31m',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '۱۲۳٤٥٦7۸۹',
  '۰۹۱۲۱۲۳۴۵۶۷',
  '٠٩١٢١٢٣٤٥٦٧',
  '+98 912 123 4567',
  '۱۴۰۳/۱۳/۴۰',
  '1403-12-30',
  '2026-02-30T25:61:00Z',
  'NaN',
  '-0',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(20_000),
] as const;

/** A string of about 1 MB: past the body limit, it must be a 413 and nothing else. */
export const MEGABYTE_STRING = 'ب'.repeat(512 * 1024);

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Lone surrogates and other code units a careless encoder produces.
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE_STRING) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0.5, 0.5, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 2 ** 64),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Nested arrays and objects deeper than any schema goes. */
const deepNesting = fc.integer({ min: 50, max: 3_000 }).map((depth) => {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
});

/** Keys that poison prototypes, and keys no schema has. */
const hostileObject = fc.oneof(
  fc.constant(JSON.parse('{"__proto__": {"role": "admin"}}') as unknown),
  fc.constant(JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}') as unknown),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  },
  { weight: 1, arbitrary: hostileObject },
  { weight: 1, arbitrary: deepNesting },
);

/** What a real client might send: enough to pass a schema now and then. */
export function plausibleValue(ids: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...(ids.length > 0 ? ids : ['00000000-0000-4000-8000-000000000000'])),
    fc.uuid(),
    fc.constantFrom('monthly', 'yearly', 'quarterly', 'open', 'paid', 'pending', 'all', 'high'),
    fc.constantFrom('سلام دنیا', 'پشتیبانی', 'VITRIN10', 'sara-blog.com', '09121234567'),
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.boolean(),
  );
}

/**
 * Bodies shaped like a call's schema (its field names, each hostile or plausible, missing or
 * extra), or something else entirely: a bare value, a prototype-poisoning object.
 */
export function hostileBody(fieldNames: readonly string[], ids: readonly string[]) {
  const field = fc.oneof(
    { weight: 3, arbitrary: hostileValue },
    { weight: 2, arbitrary: plausibleValue(ids) },
  );
  const shaped = fc.record(Object.fromEntries(fieldNames.map((name) => [name, field])), {
    requiredKeys: [],
  });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          shaped,
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'role'),
          hostileValue,
        )
        .map(([body, key, value]) => {
          const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
          Object.defineProperty(copy, key, { value, enumerable: true, configurable: true });
          return copy;
        }),
    },
    { weight: 1, arbitrary: hostileObject },
    { weight: 1, arbitrary: hostileValue },
  );
}
