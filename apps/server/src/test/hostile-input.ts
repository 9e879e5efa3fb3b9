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
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, as text
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

/** Characters no text field accepts, or none in a single-line one (fields.ts, decision 0017). */
const POISON = ['\u0000', '\ud800', '\udfff', '\u0007', '\u202e', '\u2066', '\u0085', '\uffff'];

/** Every string in `value` with `poison` put in at a position derived from `at`. */
function poisonStrings(value: unknown, poison: string, at: number): unknown {
  if (typeof value === 'string') {
    const position = value.length === 0 ? 0 : at % (value.length + 1);
    return value.slice(0, position) + poison + value.slice(position);
  }
  if (Array.isArray(value)) return value.map((item) => poisonStrings(item, poison, at));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, poisonStrings(item, poison, at)]),
    );
  }
  return value;
}

/** The JSON Schema zod writes for a request (`z.toJSONSchema(…, { io: 'input' })`), as read here. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

const SAMPLE_TEXT = [
  'سلام دنیای آزمایشی',
  'پشتیبانی فنی سایت',
  'VITRIN10',
  'sara-blog.com',
  '09121234567',
  '1405/01/15',
  '2026-03-20T20:30:00.000Z',
  'https://example.com/a.png',
  '/media/demo/groups/vps.svg',
  'test@example.com',
];

function validString(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // fast-check cannot generate from every pattern (lookaheads): sample text instead.
    }
  }
  const fits = SAMPLE_TEXT.filter((text) => text.length >= min && text.length <= max);
  const persian = fc
    .array(fc.constantFrom('ا', 'ب', 'پ', 'س', 'ل', 'م', ' ', 'ی', '۱', '‌'), {
      minLength: min,
      maxLength: max,
    })
    .map((letters) => letters.join(''));
  return fits.length > 0 ? fc.oneof(fc.constantFrom(...fits), persian) : persian;
}

/**
 * Values the schema accepts, as far as JSON Schema can say (refinements and transforms it cannot
 * express may still refuse some): so a body with one hostile field reaches the handler with the
 * rest of it right.
 */
export function validValue(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, ids)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], ids);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, ids)));
  }
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, child]) => [name, validValue(child, ids)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
      );
    }
    case 'array':
      return fc.array(validValue(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'string':
      return validString(schema, ids);
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + 1, -1e12);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1e10) - 1, 1e12);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return plausibleValue(ids);
  }
}

/**
 * Bodies for a call: a valid body with one or two fields made hostile (most of them, so the
 * hostile value meets the handler, not only the schema), a valid body as it is, a body of the
 * call's field names with hostile or plausible values, an extra or prototype key, or something
 * else entirely.
 */
export function hostileBody(schema: JsonSchema, ids: readonly string[]) {
  const fieldNames = Object.keys(schema.properties ?? {});
  const valid = validValue({ ...schema, type: 'object' }, ids) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const field = fc.oneof(
    { weight: 3, arbitrary: hostileValue },
    { weight: 2, arbitrary: plausibleValue(ids) },
  );
  const shaped = fc.record(Object.fromEntries(fieldNames.map((name) => [name, field])), {
    requiredKeys: [],
  });
  const oneFieldHostile =
    fieldNames.length === 0
      ? valid
      : fc
          .tuple(
            valid,
            fc.uniqueArray(fc.constantFrom(...fieldNames), { minLength: 1, maxLength: 2 }),
            fc.array(hostileValue, { minLength: 2, maxLength: 2 }),
          )
          .map(([body, names, values]) => {
            const copy = { ...body };
            names.forEach((name, index) => {
              copy[name] = values[index];
            });
            return copy;
          });
  // A valid body whose text fields carry one character the product refuses, inside an otherwise
  // acceptable value: it passes every length and shape check and meets the text rule itself.
  const poisoned = fc
    .tuple(valid, fc.constantFrom(...POISON), fc.nat())
    .map(([body, poison, at]) => poisonStrings(body, poison, at));
  return fc.oneof(
    { weight: 4, arbitrary: poisoned },
    { weight: 8, arbitrary: oneFieldHostile },
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'role'),
          hostileValue,
        )
        .map(([body, key, value]) => {
          const copy = { ...body };
          Object.defineProperty(copy, key, { value, enumerable: true, configurable: true });
          return copy;
        }),
    },
    { weight: 1, arbitrary: hostileObject },
    { weight: 1, arbitrary: hostileValue },
  );
}
