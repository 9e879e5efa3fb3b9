import { expect, test } from 'vitest';
import { type OpenerWindow, openInNewTab, type TabLike } from './open-in-new-tab';

function fakeWindow(options: { blocked?: boolean } = {}) {
  const events: string[] = [];
  const tab: TabLike = {
    opener: 'the opening page',
    closed: false,
    location: { href: 'about:blank' },
    close() {
      events.push('tab closed');
      this.closed = true;
    },
    document: { title: '', body: { textContent: '' } },
  };
  const win: OpenerWindow = {
    open(url, target) {
      events.push(`open '${url ?? ''}' ${target ?? ''}`);
      return options.blocked ? null : tab;
    },
    location: { assign: (url) => events.push(`this tab to ${url}`) },
  };
  return { win, tab, events };
}

test('the tab opens in the click, before the call answers, and then goes to the sign-in address', async () => {
  const { win, tab, events } = fakeWindow();
  let answer: (url: string) => void = () => {};
  const opening = openInNewTab(
    win,
    () => {
      events.push('call');
      return new Promise<string>((resolve) => {
        answer = resolve;
      });
    },
    'در حال باز کردن کنترل پنل…',
  );
  // Still inside the click: the tab is open, cut off from this page, and says what it waits for.
  expect(events).toEqual(["open '' _blank", 'call']);
  expect(tab.opener).toBeNull();
  expect(tab.document?.body?.textContent).toBe('در حال باز کردن کنترل پنل…');
  expect(tab.location.href).toBe('about:blank');
  answer('https://panel.example/sso?token=once');
  await opening;
  expect(tab.location.href).toBe('https://panel.example/sso?token=once');
  expect(events).not.toContain('this tab to https://panel.example/sso?token=once');
});

test('when a popup blocker refuses the tab, this tab goes to the address', async () => {
  const { win, events } = fakeWindow({ blocked: true });
  await openInNewTab(win, async () => 'https://panel.example/sso', 'صبر کنید');
  expect(events).toEqual(["open '' _blank", 'this tab to https://panel.example/sso']);
});

test('when the call fails, the empty tab is closed and the error reaches the caller', async () => {
  const { win, tab, events } = fakeWindow();
  await expect(
    openInNewTab(win, async () => Promise.reject(new Error('panel down')), 'صبر کنید'),
  ).rejects.toThrow('panel down');
  expect(tab.closed).toBe(true);
  expect(events).toEqual(["open '' _blank", 'tab closed']);
});

test('a tab the person closed while waiting is not brought back, nor this tab moved', async () => {
  const { win, tab, events } = fakeWindow();
  await openInNewTab(
    win,
    async () => {
      tab.closed = true;
      return 'https://panel.example/sso';
    },
    'صبر کنید',
  );
  expect(tab.location.href).toBe('about:blank');
  expect(events).toEqual(["open '' _blank"]);
});
