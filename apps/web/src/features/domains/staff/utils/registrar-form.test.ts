import { expect, test } from 'vitest';
import {
  type EditedRegistrar,
  newRegistrarForm,
  registrarFormOf,
  registrarRequest,
} from './registrar-form';

const sandbox: EditedRegistrar = {
  id: '7c1e1a52-0d6b-4f0e-9d3a-2f0f4a5b6c7d',
  name: 'sandbox-registry',
  kind: 'sandbox',
  endpoint: '',
  enabled: true,
  defaultNameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
};

test('a new EPP account needs its endpoint, client id and password before it is sent', () => {
  const answer = registrarRequest({ ...newRegistrarForm(), name: 'epp-main' }, null);
  expect(answer).toEqual({
    ok: false,
    errors: {
      endpoint: 'نشانی ثبت‌کننده را بنویسید',
      'credentials.clientId': 'این فیلد لازم است',
      'credentials.password': 'این فیلد لازم است',
    },
  });
});

test('a new account sends what was typed, trimmed, with the nameservers one a line', () => {
  const answer = registrarRequest(
    {
      ...newRegistrarForm(),
      name: ' epp-main ',
      endpoint: ' epp.registry.example:700 ',
      nameservers: 'ns1.vitrin.ir\nns2.vitrin.ir, ',
      credentials: { clientId: 'vitrin', password: ' s3cret-pass ', ca: '  ' },
    },
    null,
  );
  expect(answer).toEqual({
    ok: true,
    request: {
      name: 'epp-main',
      kind: 'epp',
      endpoint: 'epp.registry.example:700',
      enabled: true,
      defaultNameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
      credentials: { clientId: 'vitrin', password: 's3cret-pass' },
    },
  });
});

test('an edit that keeps the kind and leaves the credentials empty keeps the saved ones', () => {
  const answer = registrarRequest(
    { ...registrarFormOf(sandbox), enabled: false, reason: 'موقتا خاموش' },
    sandbox,
  );
  expect(answer).toEqual({
    ok: true,
    request: {
      id: sandbox.id,
      name: 'sandbox-registry',
      kind: 'sandbox',
      endpoint: '',
      enabled: false,
      defaultNameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
      reason: 'موقتا خاموش',
    },
  });
});

test('changing an account’s kind asks for the new kind’s credentials', () => {
  const answer = registrarRequest(
    { ...registrarFormOf(sandbox), kind: 'irnic', endpoint: 'https://epp.nic.ir' },
    sandbox,
  );
  expect(answer.ok).toBe(false);
  if (answer.ok) return;
  expect(Object.keys(answer.errors).sort()).toEqual([
    'credentials.depositCode',
    'credentials.resellerHandle',
    'credentials.token',
  ]);
});
