import type { AdminArticleView } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import {
  articleDisplayStatus,
  articleFormFromView,
  createArticleRequest,
  EMPTY_ARTICLE_FORM,
  hasBodyText,
  publicArticlePath,
  updateArticleRequest,
} from './article-form';
import { checkLinkAddress } from './article-link';

const saved: AdminArticleView = {
  id: 'a1',
  slug: 'choose-hosting',
  title: 'انتخاب هاست',
  category: { slug: 'hosting', name: 'هاست' },
  authorName: 'تحریریهٔ ویترین',
  status: 'published',
  // 1405/09/01 10:00 in Tehran.
  publishedAt: '2026-11-22T06:30:00.000Z',
  updatedAt: '2026-11-22T06:30:00.000Z',
  summary: 'خلاصه',
  coverUrl: '/media/articles/hosting.webp',
  bodyHtml: '<p>متن</p>',
  readingMinutes: 1,
  createdAt: '2026-11-20T06:30:00.000Z',
};

test('a saved article fills the form with its publish date as Jalali text', () => {
  expect(articleFormFromView(saved)).toMatchObject({
    title: 'انتخاب هاست',
    category: 'hosting',
    publishAt: '۱۴۰۵/۰۹/۰۱',
  });
  expect(articleFormFromView({ ...saved, status: 'draft', publishedAt: null }).publishAt).toBe('');
});

test('a new article sends its date as typed, a blank date as none and no blank author', () => {
  const values = {
    ...EMPTY_ARTICLE_FORM,
    title: 'ت',
    slug: ' new-one ',
    publishAt: ' ۱۴۰۵/۱۳/۴۰ ',
  };
  const request = createArticleRequest(values, 'published');
  expect(request).toMatchObject({ slug: 'new-one', status: 'published', publishAt: '۱۴۰۵/۱۳/۴۰' });
  expect('authorName' in request).toBe(false);
  expect(createArticleRequest(EMPTY_ARTICLE_FORM, 'draft').publishAt).toBeNull();
});

test('an update sends the publish date only when its text changed', () => {
  const form = articleFormFromView(saved);
  const same = updateArticleRequest('a1', { ...form, title: 'تازه' }, form, 'published');
  expect(same).toMatchObject({ id: 'a1', title: 'تازه', authorName: 'تحریریهٔ ویترین' });
  expect('publishAt' in same).toBe(false);
  const moved = updateArticleRequest('a1', { ...form, publishAt: '1405/10/01' }, form, 'published');
  expect(moved.publishAt).toBe('1405/10/01');
  const cleared = updateArticleRequest('a1', { ...form, publishAt: '' }, form, 'draft');
  expect(cleared).toMatchObject({ publishAt: null, status: 'draft' });
});

test('a published article dated later than now is shown as scheduled', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  expect(articleDisplayStatus(saved, now)).toBe('scheduled');
  expect(articleDisplayStatus(saved, new Date('2026-12-01T00:00:00Z'))).toBe('published');
  expect(articleDisplayStatus({ status: 'draft', publishedAt: saved.publishedAt }, now)).toBe(
    'draft',
  );
});

test('an editor with only empty paragraphs has no body text', () => {
  expect(hasBodyText('<p></p>')).toBe(false);
  expect(hasBodyText('<p>&nbsp; </p><h2></h2>')).toBe(false);
  expect(hasBodyText('<h2>سلام</h2>')).toBe(true);
});

test('the public address of an article is under /articles/', () => {
  expect(publicArticlePath('choose-hosting')).toBe('/articles/choose-hosting');
});

test('links keep only what the server keeps: https, mailto and paths on this site', () => {
  expect(checkLinkAddress('https://vitrin.ir/help')).toEqual({ href: 'https://vitrin.ir/help' });
  expect(checkLinkAddress(' vitrin.ir ')).toEqual({ href: 'https://vitrin.ir' });
  expect(checkLinkAddress('mailto:help@vitrin.ir')).toEqual({ href: 'mailto:help@vitrin.ir' });
  expect(checkLinkAddress('/articles/seo')).toEqual({ href: '/articles/seo' });
  expect(checkLinkAddress('http://vitrin.ir')).toHaveProperty('error');
  expect(checkLinkAddress('javascript:alert(1)')).toHaveProperty('error');
  expect(checkLinkAddress('//evil.example')).toHaveProperty('error');
  expect(checkLinkAddress('')).toHaveProperty('error');
  expect(checkLinkAddress('localhost')).toHaveProperty('error');
});
