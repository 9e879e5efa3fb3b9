import { searchableText, searchTokens } from '@vitrin/fa';
import { describe, expect, test } from 'vitest';
import { estimateSearch, type SearchSample } from './search-sample';

// Decision 0030: a store search's plan and, past SEARCH_EXACT_TOTAL_LIMIT, its total come from
// a sample of the active products kept in the process. Its estimate must count the words
// together (they go together in a query), scale to the catalog and say how low it may be.

function sampleOf(
  rows: Array<{ name: string; summary: string; group?: string; price?: number }>,
  population = rows.length,
): SearchSample {
  return {
    population,
    rows: rows.map((row) => {
      const text = searchableText(row.name, row.summary);
      return {
        text,
        title: text.split(' ', 1)[0] ?? '',
        groupId: row.group ?? 'g1',
        price: row.price ?? 1_000,
      };
    }),
    words: new Map(),
  };
}

const everyRow = () => true;

describe('search sample', () => {
  test('words that go together are counted together, not multiplied as if unrelated', () => {
    // «سرور» and «مجازی» are each in half the rows and together in the same half.
    const sample = sampleOf(
      Array.from({ length: 100 }, (_, index) =>
        index % 2 === 0
          ? { name: `سرور مجازی ${index}`, summary: 'پرسرعت' }
          : { name: `هاست ${index}`, summary: 'اقتصادی' },
      ),
      100_000,
    );
    const estimate = estimateSearch(sample, searchTokens('سرور مجازی'), everyRow);
    expect(estimate.matches).toBe(50_000);
    expect(estimate.words.map((word) => word.matches)).toEqual([50_000, 50_000]);
    // Unrelated words would have made it a quarter.
    expect(estimate.matches).toBeGreaterThan(25_000);
  });

  test('title matches are those whose first part holds every word', () => {
    const sample = sampleOf([
      { name: 'Cloud Hosting', summary: 'daily backups' },
      { name: 'VPS', summary: 'cloud hosting' },
      { name: 'Cloud', summary: 'hosting' },
    ]);
    const estimate = estimateSearch(sample, searchTokens('cloud hosting'), everyRow);
    expect(estimate.matches).toBe(3);
    expect(estimate.titleMatches).toBe(1);
    expect(estimate.words).toEqual([
      { word: 'cloud', matches: 3, titleMatches: 2 },
      { word: 'hosting', matches: 3, titleMatches: 1 },
    ]);
  });

  test('a sample of the whole catalog is exact; a part of it has a lower bound below', () => {
    const rows = Array.from({ length: 400 }, (_, index) => ({
      name: index % 4 === 0 ? 'هاست وردپرس' : 'دامنه',
      summary: '',
    }));
    const whole = estimateSearch(sampleOf(rows), ['هاست'], everyRow);
    expect(whole.matches).toBe(100);
    expect(whole.matchesAtLeast).toBe(100);
    const part = estimateSearch(sampleOf(rows, 4_000), ['هاست'], everyRow);
    expect(part.matches).toBe(1_000);
    // 100 sampled, less three standard deviations (30), times 10.
    expect(part.matchesAtLeast).toBe(700);
  });

  test('only the rows the filters keep are counted', () => {
    const sample = sampleOf([
      { name: 'هاست', summary: '', group: 'g1', price: 500 },
      { name: 'هاست', summary: '', group: 'g2', price: 500 },
      { name: 'هاست', summary: '', group: 'g1', price: 5_000 },
    ]);
    const estimate = estimateSearch(
      sample,
      ['هاست'],
      (row) => row.groupId === 'g1' && row.price !== null && row.price < 1_000,
    );
    expect(estimate.matches).toBe(1);
  });

  test('a word asked again is read from what the sample kept of it', () => {
    const sample = sampleOf([{ name: 'هاست', summary: '' }]);
    estimateSearch(sample, ['هاست'], everyRow);
    expect([...sample.words.keys()]).toEqual(['هاست']);
    // Changing the row does not change the answer: the word's flags were kept.
    sample.rows[0] = { text: 'دامنه', title: 'دامنه', groupId: 'g1', price: 1 };
    expect(estimateSearch(sample, ['هاست'], everyRow).matches).toBe(1);
  });
});
