import { describe, expect, test } from 'vitest';
import { routeLink } from './external-links';

const APP = 'https://localhost';
const link = (href: string, target = '', download = false) => ({ href, target, download });

describe('links in the Android app', () => {
  test('the app’s own pages are left to the router', () => {
    expect(routeLink(link('https://localhost/store'), APP)).toBeNull();
    expect(routeLink(link('/account/orders'), APP)).toBeNull();
  });

  test('another site opens in the system browser', () => {
    expect(routeLink(link('https://cafebazaar.ir/app/ir.vitrin.app'), APP)).toEqual({
      kind: 'system-browser',
      url: 'https://cafebazaar.ir/app/ir.vitrin.app',
    });
    expect(routeLink(link('http://example.com/a?b=1', '_blank'), APP)).toEqual({
      kind: 'system-browser',
      url: 'http://example.com/a?b=1',
    });
  });

  test('an own page meant for a new tab opens in the app: localhost means nothing outside it', () => {
    expect(routeLink(link('/store/vps-2?x=1#plans', '_blank'), APP)).toEqual({
      kind: 'in-app',
      path: '/store/vps-2?x=1#plans',
    });
  });

  test('phone, mail, in-memory files and downloads are left to the WebView', () => {
    expect(routeLink(link('tel:+982112345678'), APP)).toBeNull();
    expect(routeLink(link('mailto:support@vitrin.ir'), APP)).toBeNull();
    expect(routeLink(link('blob:https://localhost/5b1f', '_blank'), APP)).toBeNull();
    expect(routeLink(link('https://example.com/file.zip', '', true), APP)).toBeNull();
  });
});
