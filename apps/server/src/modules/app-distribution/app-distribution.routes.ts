import { createReadStream } from 'node:fs';
import { getAppVersion } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { PublicCache } from '../../lib/public-cache';
import { ifNoneMatchHits, registerCall } from '../../lib/register-call';
import { apkDownloadPath, createApkSource, describeAppVersion } from './app-distribution.service';

const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';
// The file's name carries its version, so a browser or proxy may keep it for good.
const APK_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const DOWNLOAD_PAGE_TITLE = 'دریافت اپ ویترین برای اندروید';
const APK_NOT_HERE = 'فایل نصب اپ اندروید روی این سرور نیست';
// A new APK or a changed setting reaches callers within this long (plus the browser's 30 s).
const VERSION_ANSWER_TTL_MS = 30_000;

/**
 * Android app distribution (issue 9): the version call every build asks on start, and the APK
 * itself at `/downloads/vitrin-android-<version>.apk` when one is on disk.
 */
export async function appDistributionRoutes(app: FastifyInstance) {
  const settings = app.config.androidDistribution;
  const apkSource = createApkSource(settings.apkFile);
  // Like the catalog's answers (decision 0010): kept briefly, with an ETag and Cache-Control.
  const answers = new PublicCache({
    maxEntries: 500,
    maxBytes: 1024 * 1024,
    ttlMs: VERSION_ANSWER_TTL_MS,
  });

  registerCall(
    app,
    getAppVersion,
    (input) => describeAppVersion(input, settings, apkSource, app.config.publicUrl),
    { cache: answers },
  );

  app.pageMeta.add(/^\/download$/, async () => ({
    title: `${DOWNLOAD_PAGE_TITLE} | ویترین`,
    description:
      'اپ اندروید ویترین: سرویس‌ها، سفارش‌ها، پشتیبانی و آمار زندهٔ سایت‌تان روی گوشی، با همان حساب.',
  }));

  app.get('/downloads/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    // Only the current release's name: an old address must not hand out other bytes.
    if (`/downloads/${file}` !== apkDownloadPath(settings.latestVersion)) {
      throw new AppError('NOT_FOUND', APK_NOT_HERE);
    }
    const apk = await apkSource.current();
    if (!apk) throw new AppError('NOT_FOUND', APK_NOT_HERE);
    const etag = `"${apk.sha256}"`;
    reply
      .header('etag', etag)
      .header('cache-control', APK_CACHE_CONTROL)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', `attachment; filename="${file}"`)
      .type(APK_CONTENT_TYPE);
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    // A download manager resumes a broken download of tens of megabytes with Range.
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === etag
        ? byteRange(request.headers.range, apk.sizeBytes)
        : null;
    if (range === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${apk.sizeBytes}`)
        .type('text/plain; charset=utf-8')
        .send('');
    }
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${apk.sizeBytes}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(apk.path, range));
    }
    return reply.header('content-length', apk.sizeBytes).send(createReadStream(apk.path));
  });
}

/**
 * One byte range of RFC 9110 (`bytes=0-99`, `bytes=100-`, `bytes=-100`), inclusive. Null
 * means "send it all": no header, something malformed, or several ranges (which a server
 * may answer in full). A range starting past the end cannot be satisfied.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
