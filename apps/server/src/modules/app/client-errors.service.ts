import type {
  CallParsed,
  CallResult,
  ClientErrorGroupView,
  ClientErrorSampleView,
  getClientErrorGroup,
  listClientErrors,
} from '@vitrin/contracts';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  max,
  min,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clientErrorReports } from './schema';

// Staff read the client error reports grouped (issue 23): the same error from different pages,
// people and builds is one group. A group is the platform, the message and the place it was
// thrown, with what differs between two reports of one error masked: the site's host, the build
// hash in a file name, ids and numbers, and the line and column of a minified bundle. Grouping
// happens in SQL over the period's reports, so paging and counts need no rows in memory.

const DAY_MS = 24 * 60 * 60 * 1000;
const GROUP_NOT_FOUND = 'این خطا در بازهٔ انتخاب‌شده گزارشی ندارد';

const t = clientErrorReports;

/** regexp_replace(text, pattern, replacement, flags), applied in order. */
type Mask = readonly [pattern: string, replacement: string, flags: string];

// Applied first: `https://vitrin.ir:3000/assets/x.js` and `http://localhost/assets/x.js` are one file.
const ORIGIN: Mask = ['[a-z][a-z0-9+.-]*://[^/\\s)"\'`]*', '', 'gi'];
const MASKS: readonly Mask[] = [
  // Vite names a chunk `<name>-<8-character hash>.js`; the hash changes with every release.
  ['-[A-Za-z0-9_-]{8}(\\.m?js|\\.css)', '\\1', 'g'],
  ['[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', '<id>', 'gi'],
  ['\\m[0-9a-f]{12,}\\M', '<hex>', 'gi'],
  ['[0-9۰-۹]+', '<n>', 'g'],
  ['\\s+', ' ', 'g'],
];
// A frame's line and column: in a minified bundle they move with any change to any file.
const LINE_AND_COLUMN: Mask = [':[0-9]+(:[0-9]+)?', '', 'g'];
// The first line of a stack that ends in a place (`file.js:12:34`, `(file.js:12:34)`, Kotlin's
// `(MainActivity.kt:42)`): Chrome's `at fn (…)`, Firefox's and Safari's `fn@…`. `(?n)` makes ^
// and $ match at each line; the outer parentheses are what substring() answers.
const FIRST_FRAME = '(?n)(^.*:[0-9]+(?::[0-9]+)?\\)?\\s*$)';

function applyMasks(value: SQL, masks: readonly Mask[]): SQL {
  return masks.reduce<SQL>(
    (text, [pattern, replacement, flags]) =>
      sql`regexp_replace(${text}, ${pattern}, ${replacement}, ${flags})`,
    value,
  );
}

const maskedMessage = sql<string>`btrim(${applyMasks(sql`${t.message}`, [ORIGIN, ...MASKS])})`;

const firstFrame = sql`regexp_replace(btrim(substring(${t.stack} from ${FIRST_FRAME})), '^at\\s+', '')`;
const maskedLocation = sql<
  string | null
>`nullif(btrim(${applyMasks(firstFrame, [ORIGIN, LINE_AND_COLUMN, ...MASKS])}), '')`;

/** The page's path: no host, and no query or fragment (they can carry codes and references). */
const pagePath = sql<string>`coalesce(nullif(regexp_replace(${t.pageUrl}, '^[a-z][a-z0-9+.-]*://[^/?#]*|[?#].*$', '', 'gi'), ''), '/')`;

/** The reports received in the last `days` days, each with its group's id and masked parts. */
function keyedReports(
  db: Database,
  options: { days: number; now: Date; platform?: 'web' | 'android' | undefined },
) {
  const since = new Date(options.now.getTime() - options.days * DAY_MS);
  const conditions = [gte(t.receivedAt, since)];
  if (options.platform) conditions.push(eq(t.platform, options.platform));
  return db.$with('keyed').as(
    db
      .select({
        id: t.id,
        message: t.message,
        stack: t.stack,
        release: t.release,
        platform: t.platform,
        userAgent: t.userAgent,
        requestId: t.requestId,
        occurredAt: t.occurredAt,
        receivedAt: t.receivedAt,
        pagePath: pagePath.as('page_path'),
        maskedMessage: maskedMessage.as('masked_message'),
        location: maskedLocation.as('location'),
        groupId:
          sql<string>`md5(${t.platform} || E'\\n' || ${maskedMessage} || E'\\n' || coalesce(${maskedLocation}, ''))`.as(
            'group_id',
          ),
      })
      .from(t)
      .where(and(...conditions)),
  );
}

type Keyed = ReturnType<typeof keyedReports>;

function groupFields(keyed: Keyed) {
  return {
    groupId: keyed.groupId,
    count: count(),
    pageCount: countDistinct(keyed.pagePath),
    releaseCount: countDistinct(keyed.release),
    firstSeenAt: min(keyed.receivedAt),
    lastSeenAt: max(keyed.receivedAt),
  };
}

function sampleFields(keyed: Keyed) {
  return {
    id: keyed.id,
    groupId: keyed.groupId,
    maskedMessage: keyed.maskedMessage,
    location: keyed.location,
    message: keyed.message,
    stack: keyed.stack,
    pagePath: keyed.pagePath,
    release: keyed.release,
    platform: keyed.platform,
    userAgent: keyed.userAgent,
    requestId: keyed.requestId,
    occurredAt: keyed.occurredAt,
    receivedAt: keyed.receivedAt,
  };
}

type SampleRow = {
  id: string;
  groupId: string;
  maskedMessage: string;
  location: string | null;
  message: string;
  stack: string | null;
  pagePath: string;
  release: string;
  platform: 'web' | 'android';
  userAgent: string | null;
  requestId: string;
  occurredAt: Date;
  receivedAt: Date;
};

type GroupRow = {
  groupId: string;
  count: number;
  pageCount: number;
  releaseCount: number;
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
};

function sampleView(row: SampleRow): ClientErrorSampleView {
  return {
    id: row.id,
    message: row.message,
    stack: row.stack,
    pagePath: row.pagePath,
    release: row.release,
    platform: row.platform,
    userAgent: row.userAgent,
    requestId: row.requestId,
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}

function groupView(group: GroupRow, latest: SampleRow): ClientErrorGroupView {
  return {
    id: group.groupId,
    platform: latest.platform,
    message: latest.maskedMessage,
    location: latest.location,
    count: group.count,
    pageCount: group.pageCount,
    releaseCount: group.releaseCount,
    firstSeenAt: (group.firstSeenAt ?? latest.receivedAt).toISOString(),
    lastSeenAt: (group.lastSeenAt ?? latest.receivedAt).toISOString(),
    latest: sampleView(latest),
  };
}

/** The newest report of each of these groups. */
async function latestSamples(
  db: Database,
  keyed: Keyed,
  groupIds: string[],
): Promise<Map<string, SampleRow>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .with(keyed)
    .selectDistinctOn([keyed.groupId], sampleFields(keyed))
    .from(keyed)
    .where(inArray(keyed.groupId, groupIds))
    .orderBy(keyed.groupId, desc(keyed.receivedAt), desc(keyed.id));
  return new Map(rows.map((row) => [row.groupId, row]));
}

/** The client error reports of the period, grouped, most recent or most frequent first. */
export async function listClientErrorGroups(
  db: Database,
  query: CallParsed<typeof listClientErrors>,
  now: Date = new Date(),
): Promise<CallResult<typeof listClientErrors>> {
  const keyed = keyedReports(db, { days: query.days, now, platform: query.platform });
  const lastSeen = max(keyed.receivedAt);
  const order =
    query.sort === 'count'
      ? [desc(count()), desc(lastSeen), asc(keyed.groupId)]
      : [desc(lastSeen), asc(keyed.groupId)];
  const [groups, [total]] = await Promise.all([
    db
      .with(keyed)
      .select(groupFields(keyed))
      .from(keyed)
      .groupBy(keyed.groupId)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .with(keyed)
      .select({ total: countDistinct(keyed.groupId) })
      .from(keyed),
  ]);
  const latest = await latestSamples(
    db,
    keyed,
    groups.map((group) => group.groupId),
  );
  return {
    items: groups.flatMap((group) => {
      const sample = latest.get(group.groupId);
      return sample ? [groupView(group, sample)] : [];
    }),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One group of the period and its reports, newest first; 404 when it has none in the period. */
export async function getClientErrorGroupReports(
  db: Database,
  query: CallParsed<typeof getClientErrorGroup>,
  now: Date = new Date(),
): Promise<CallResult<typeof getClientErrorGroup>> {
  const keyed = keyedReports(db, { days: query.days, now });
  const [[group], samples] = await Promise.all([
    db
      .with(keyed)
      .select(groupFields(keyed))
      .from(keyed)
      .where(eq(keyed.groupId, query.groupId))
      .groupBy(keyed.groupId),
    db
      .with(keyed)
      .select(sampleFields(keyed))
      .from(keyed)
      .where(eq(keyed.groupId, query.groupId))
      .orderBy(desc(keyed.receivedAt), desc(keyed.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const latest =
    query.page === 1 && samples[0]
      ? samples[0]
      : (await latestSamples(db, keyed, [group.groupId])).get(group.groupId);
  if (!latest) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return {
    group: groupView(group, latest),
    samples: {
      items: samples.map(sampleView),
      total: group.count,
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}
