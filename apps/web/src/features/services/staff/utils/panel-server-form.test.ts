import { expect, test } from 'vitest';
import {
  addressesError,
  addressesOf,
  type EditedServer,
  nameserversError,
  nameserversOf,
  newPanelServerForm,
  panelServerFormOf,
  panelServerRequest,
} from './panel-server-form';

const saved: EditedServer = {
  id: '0b8f2a4e-0f3c-4f7e-9c55-5f0e1d2c3b4a',
  name: 'whm-tehran-1',
  kind: 'whm',
  baseUrl: 'https://whm1.example.ir:2087',
  groupName: 'hosting',
  capacity: 300,
  nameservers: ['ns1.example.ir', 'ns2.example.ir'],
  addresses: ['185.51.200.10', '2a01:4f8:10::10'],
  enabled: true,
};

test('a new WHM server sends its username and token, and its capacity typed in Persian digits', () => {
  const answer = panelServerRequest(
    {
      ...newPanelServerForm(),
      name: ' whm-tehran-2 ',
      baseUrl: 'https://whm2.example.ir:2087',
      capacity: '۱٬۲۰۰',
      credentials: { username: 'root', apiToken: 'ABCDEFGHIJKLMNOPQRSTUVWX' },
    },
    null,
  );
  expect(answer).toEqual({
    ok: true,
    request: {
      name: 'whm-tehran-2',
      kind: 'whm',
      baseUrl: 'https://whm2.example.ir:2087',
      groupName: 'default',
      capacity: 1200,
      nameservers: [],
      addresses: [],
      enabled: true,
      credentials: { username: 'root', apiToken: 'ABCDEFGHIJKLMNOPQRSTUVWX' },
    },
  });
});

test('a new server without its credentials says which are missing', () => {
  const answer = panelServerRequest(
    { ...newPanelServerForm(), name: 'da-1', kind: 'directadmin', baseUrl: 'https://da:2222' },
    null,
  );
  expect(answer).toEqual({
    ok: false,
    errors: {
      'credentials.username': 'این فیلد لازم است',
      'credentials.loginKey': 'این فیلد لازم است',
    },
  });
});

test('an edit with the credentials left empty keeps the saved ones', () => {
  const answer = panelServerRequest({ ...panelServerFormOf(saved), capacity: '۴۰۰' }, saved);
  expect(answer.ok && answer.request).toEqual({
    id: saved.id,
    name: 'whm-tehran-1',
    kind: 'whm',
    baseUrl: 'https://whm1.example.ir:2087',
    groupName: 'hosting',
    capacity: 400,
    nameservers: ['ns1.example.ir', 'ns2.example.ir'],
    addresses: ['185.51.200.10', '2a01:4f8:10::10'],
    enabled: true,
  });
});

test('an edit that starts new credentials must give all the required ones', () => {
  const answer = panelServerRequest(
    { ...panelServerFormOf(saved), credentials: { apiToken: 'NEWTOKENNEWTOKEN1234' } },
    saved,
  );
  expect(answer).toEqual({
    ok: false,
    errors: { 'credentials.username': 'برای عوض کردن اطلاعات ورود، این را هم بنویسید' },
  });
});

test('changing the kind needs the new kind’s credentials; the sandbox needs none and no address', () => {
  const toBuilder = panelServerRequest(
    { ...panelServerFormOf(saved), kind: 'site-builder' },
    saved,
  );
  expect(toBuilder.ok).toBe(false);
  const toSandbox = panelServerRequest(
    { ...panelServerFormOf(saved), kind: 'sandbox', reason: ' آزمایش ' },
    saved,
  );
  expect(toSandbox.ok && toSandbox.request).toMatchObject({
    kind: 'sandbox',
    baseUrl: '',
    credentials: {},
    reason: 'آزمایش',
  });
});

test('an empty name, group or address and an unreadable capacity are caught before the call', () => {
  const answer = panelServerRequest(
    { ...newPanelServerForm(), groupName: ' ', capacity: 'صد', credentials: {} },
    null,
  );
  expect(answer.ok).toBe(false);
  expect(!answer.ok && Object.keys(answer.errors).sort()).toEqual([
    'baseUrl',
    'capacity',
    'credentials.apiToken',
    'credentials.username',
    'groupName',
    'name',
  ]);
});

test('nameservers are typed one a line (or spaced, or with commas) and shown back one a line', () => {
  expect(panelServerFormOf(saved).nameservers).toBe('ns1.example.ir\nns2.example.ir');
  expect(nameserversOf(' ns1.a.ir\n\nns2.a.ir ، ns3.a.ir, ns4.a.ir ')).toEqual([
    'ns1.a.ir',
    'ns2.a.ir',
    'ns3.a.ir',
    'ns4.a.ir',
  ]);
  expect(nameserversOf('  ')).toEqual([]);
  const errors: Record<string, string> = {
    'nameservers.1': 'نام نیم‌سرور را مانند ns1.example.com بنویسید',
  };
  expect(nameserversError((field) => errors[field])).toBe(errors['nameservers.1']);
});

test('addresses are typed one a line (or spaced, or with commas), shown back one a line, and refused under the box', () => {
  expect(panelServerFormOf(saved).addresses).toBe('185.51.200.10\n2a01:4f8:10::10');
  expect(addressesOf(' 185.51.200.10\n\n2a01:4f8::1 ، 185.51.200.11, ')).toEqual([
    '185.51.200.10',
    '2a01:4f8::1',
    '185.51.200.11',
  ]);
  const answer = panelServerRequest(
    { ...panelServerFormOf(saved), addresses: '185.51.200.12 2a01:4f8::12' },
    saved,
  );
  expect(answer.ok && answer.request.addresses).toEqual(['185.51.200.12', '2a01:4f8::12']);
  const errors: Record<string, string> = {
    'addresses.7': 'این نشانی خصوصی یا رزروشده است و از اینترنت به آن نمی‌رسند',
  };
  expect(addressesError((field) => errors[field])).toBe(errors['addresses.7']);
  expect(addressesError(() => undefined)).toBeUndefined();
});
