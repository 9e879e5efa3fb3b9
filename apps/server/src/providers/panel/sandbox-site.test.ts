import { expect, test } from 'vitest';
import { sandboxPanelPage } from './sandbox-site';

// Issue 35: the sandbox panel wrote «۵,۱۲۰ از ۱۰,۲۴۰ مگابایت», a Latin comma between Persian digits.
test('the sandbox panel writes its usage with Persian digits and the Persian separator', () => {
  const html = sandboxPanelPage(
    '',
    {
      username: 'sarablog',
      domain: 'sara-blog.com',
      packageName: 'vitrin_host-pro',
      suspended: false,
      themeName: null,
      themeImage: null,
    },
    {
      diskUsedMb: 5120,
      diskLimitMb: 10_240,
      bandwidthUsedMb: 1_234_567,
      bandwidthLimitMb: null,
      sites: 1,
    },
    'https://sara-blog.com/',
  );
  expect(html).toContain('۵٬۱۲۰ از ۱۰٬۲۴۰ مگابایت');
  expect(html).toContain('۱٬۲۳۴٬۵۶۷ مگابایت (نامحدود)');
  expect(html).not.toMatch(/[0-9۰-۹],[0-9۰-۹]/);
});
