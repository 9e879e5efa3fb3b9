import { expect, test } from 'vitest';
import {
  checkPasswordStrength,
  latinKeysOf,
  PASSWORD_STRENGTH_LABELS,
  passwordUserInputs,
  persianTranslations,
  STRONG_PASSWORD_SCORE,
  weakPasswordMessage,
} from './password-strength';

const sara = passwordUserInputs({
  mobile: '+989121234567',
  firstName: 'Sara',
  lastName: 'Mohammadi',
  email: 'sara.m@example.com',
});

test.each([
  'password1',
  '12345678',
  '۱۲۳۴۵۶۷۸',
  'qwertyuiop',
  '09121234567',
  '+989121234567',
  '9121234567',
  'sara1234',
  'mohammadi1405',
  // Typed with the Persian layout on: "password1", "qwertyuiop", "iloveyou".
  'حشسسصخقی1',
  'ضصثقفغعهخح',
  'هلخمثغخع',
])('%s is refused', async (password) => {
  const strength = await checkPasswordStrength(password, sara);
  expect(strength.score).toBeLessThan(STRONG_PASSWORD_SCORE);
  expect(strength.strong).toBe(false);
});

test.each([
  'correct horse battery staple',
  'tiger-lamp-ocean-47',
  'vitrin-demo-1405',
  'vitrin-admin-1405',
  'vitrin-support-1405',
  'کوه سبز، چای داغ، ابر آرام',
])('%s is accepted', async (password) => {
  const strength = await checkPasswordStrength(password, sara);
  expect(strength.strong).toBe(true);
  expect(strength.label === 'قوی' || strength.label === 'خیلی قوی').toBe(true);
});

test("the person's own number and name make a password weak that is strong for anyone else", async () => {
  expect((await checkPasswordStrength('09121234567', [])).score).toBeGreaterThanOrEqual(
    (await checkPasswordStrength('09121234567', sara)).score,
  );
  const fromName = await checkPasswordStrength('mohammadi1405', sara);
  expect(fromName.warning).toBe(persianTranslations.warnings.userInputs);
});

test('the feedback and the refusal read in Persian', async () => {
  const strength = await checkPasswordStrength('password1', []);
  expect(strength).toMatchObject({
    score: 0,
    label: 'خیلی ضعیف',
    warning: 'این رمز عبور رایج است.',
    suggestions: ['چند کلمهٔ کم‌کاربردتر به آن اضافه کنید.'],
  });
  expect(weakPasswordMessage(strength)).toBe(
    'رمز عبور خیلی ضعیف است؛ رمزی دست‌کم «قوی» بگذارید. این رمز عبور رایج است.',
  );
  expect(PASSWORD_STRENGTH_LABELS).toHaveLength(5);
});

test('the number is given in every form a person writes it', () => {
  expect(passwordUserInputs({ mobile: '۰۹۱۲ ۱۲۳ ۴۵۶۷' })).toEqual([
    '+989121234567',
    '09121234567',
    '9121234567',
  ]);
});

test('only the first 40 characters are scored, so a long password costs no more than that', async () => {
  // Weak at the start, strong after: refused, since what comes after 40 is not looked at.
  const weakStart = await checkPasswordStrength(`${'a'.repeat(40)}Xk9#mQ2$vL7!pR4@`, []);
  expect(weakStart.strong).toBe(false);
  const started = performance.now();
  await checkPasswordStrength('p@ssw0rd!1$'.repeat(12).slice(0, 128), []);
  // Generous for a shared machine; scoring all 128 characters took seconds.
  expect(performance.now() - started).toBeLessThan(2000);
});

test('a password typed with the Persian layout is read by the keys it was typed on', () => {
  expect(latinKeysOf('حشسسصخقی')).toBe('password');
  expect(latinKeysOf('حشسسصخقي')).toBe('password');
  expect(latinKeysOf('abc-۱۲۳')).toBe('abc-۱۲۳');
});
