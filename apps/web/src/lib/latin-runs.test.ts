import { expect, test } from 'vitest';
import { latinRuns } from './latin-runs';

test('a service name is cut around its domain, which keeps its brackets', () => {
  expect(latinRuns('سایت‌ساز پایه (shop-e2e.ir)')).toEqual([
    { text: 'سایت‌ساز پایه ', latin: false, start: 0 },
    { text: '(shop-e2e.ir)', latin: true, start: 14 },
  ]);
});

test('brackets that hold Persian too stay with the Persian text', () => {
  expect(latinRuns('سرور (VPS ۲ هسته)')).toEqual([
    { text: 'سرور (', latin: false, start: 0 },
    { text: 'VPS', latin: true, start: 6 },
    { text: ' ۲ هسته)', latin: false, start: 9 },
  ]);
});

test('a text without Latin is one Persian part, and Latin alone is one Latin part', () => {
  expect(latinRuns('هاست لینوکس')).toEqual([{ text: 'هاست لینوکس', latin: false, start: 0 }]);
  expect(latinRuns('sara-blog.com')).toEqual([{ text: 'sara-blog.com', latin: true, start: 0 }]);
  expect(latinRuns('VPS ۲ هسته')).toEqual([
    { text: 'VPS', latin: true, start: 0 },
    { text: ' ۲ هسته', latin: false, start: 3 },
  ]);
});

// Issue 35: «دامنهٔ ملی .ir (sara-gallery.ir)» showed its suffix as «ir.» on the panel's cards.
test('a domain suffix keeps its leading dot', () => {
  expect(latinRuns('دامنهٔ ملی .ir (sara-gallery.ir)')).toEqual([
    { text: 'دامنهٔ ملی ', latin: false, start: 0 },
    { text: '.ir', latin: true, start: 11 },
    { text: ' ', latin: false, start: 14 },
    { text: '(sara-gallery.ir)', latin: true, start: 15 },
  ]);
  expect(latinRuns('پایان جمله. VPS')).toEqual([
    { text: 'پایان جمله. ', latin: false, start: 0 },
    { text: 'VPS', latin: true, start: 12 },
  ]);
});
