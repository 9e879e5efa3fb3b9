import { describe, expect, test } from 'vitest';
import { decideBackAction } from './back-button';

describe('Android back button', () => {
  test('an open dialog is closed first, wherever the person is', () => {
    expect(decideBackAction({ pathname: '/', overlayOpen: true, canGoBack: true })).toBe(
      'close-overlay',
    );
    expect(decideBackAction({ pathname: '/store', overlayOpen: true, canGoBack: false })).toBe(
      'close-overlay',
    );
  });

  test('on the home page it asks before closing the app, even with pages behind it', () => {
    expect(decideBackAction({ pathname: '/', overlayOpen: false, canGoBack: true })).toBe(
      'confirm-exit',
    );
    expect(decideBackAction({ pathname: '/', overlayOpen: false, canGoBack: false })).toBe(
      'confirm-exit',
    );
  });

  test('elsewhere it goes back a page', () => {
    expect(
      decideBackAction({ pathname: '/account/orders', overlayOpen: false, canGoBack: true }),
    ).toBe('go-back');
  });

  test('a page with nothing behind it goes home instead of closing the app', () => {
    expect(decideBackAction({ pathname: '/account', overlayOpen: false, canGoBack: false })).toBe(
      'go-home',
    );
  });
});
