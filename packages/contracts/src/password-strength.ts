import { normalizeMobile, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import type { OptionsType, TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';

// How guessable a new password is, with zxcvbn-ts and its common and English dictionaries (there
// is no Persian pack). One module for the server, which refuses a weak password, and the web's
// password forms, which show the same verdict as the person types: both must agree. Imported
// under its own path (`@vitrin/contracts/password-strength`); the library and its dictionaries
// (about 1.5 MB) load on the first check, once, never with the contracts' index.

/**
 * The lowest score accepted. zxcvbn's 3 means under 10^10 guesses is not enough to find it:
 * safe against guessing online and fair against an offline attack on a slow hash like our scrypt.
 * 2 (10^8 guesses) falls to one stolen hash and a few days of guessing; 4 refuses too many
 * passwords people can remember.
 */
export const STRONG_PASSWORD_SCORE = 3;

/** zxcvbn's scores 0 to 4, named for the meter. */
export const PASSWORD_STRENGTH_LABELS = ['خیلی ضعیف', 'ضعیف', 'متوسط', 'قوی', 'خیلی قوی'] as const;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** Strong enough to be accepted (score ≥ STRONG_PASSWORD_SCORE). */
  strong: boolean;
  label: (typeof PASSWORD_STRENGTH_LABELS)[PasswordScore];
  /** Why it is weak, in Persian; null when nothing stands out. */
  warning: string | null;
  /** What would make it stronger, in Persian. */
  suggestions: string[];
}

/** zxcvbn's feedback in Persian: every key of its translations. */
export const persianTranslations: TranslationKeys = {
  warnings: {
    straightRow: 'ردیف پشت‌سرهم کلیدهای صفحه‌کلید به‌آسانی حدس زده می‌شود.',
    keyPattern: 'الگوهای کوتاه روی صفحه‌کلید به‌آسانی حدس زده می‌شوند.',
    simpleRepeat: 'نویسه‌های تکراری مثل «aaa» به‌آسانی حدس زده می‌شوند.',
    extendedRepeat: 'الگوهای تکراری مثل «abcabcabc» به‌آسانی حدس زده می‌شوند.',
    sequences: 'رشته‌های پشت‌سرهم مثل «abc» یا «۱۲۳۴» به‌آسانی حدس زده می‌شوند.',
    recentYears: 'سال‌های اخیر به‌آسانی حدس زده می‌شوند.',
    dates: 'تاریخ‌ها به‌آسانی حدس زده می‌شوند.',
    topTen: 'این رمز عبور از پرکاربردترین رمزهای دنیاست.',
    topHundred: 'این رمز عبور بسیار پرکاربرد است.',
    common: 'این رمز عبور رایج است.',
    similarToCommon: 'این رمز عبور به رمزهای رایج شبیه است.',
    wordByItself: 'یک کلمهٔ تنها به‌آسانی حدس زده می‌شود.',
    namesByThemselves: 'نام یا نام خانوادگی به‌تنهایی به‌آسانی حدس زده می‌شود.',
    commonNames: 'نام‌ها و نام‌های خانوادگی رایج به‌آسانی حدس زده می‌شوند.',
    userInputs: 'رمز عبور نباید اطلاعات خود شما، مثل شمارهٔ موبایل یا نام، را داشته باشد.',
    pwned: 'این رمز عبور در نشت اطلاعاتی در اینترنت فاش شده است.',
  },
  suggestions: {
    l33t: 'جایگزینی‌های قابل‌حدس مثل «@» به جای «a» کمکی نمی‌کند.',
    reverseWords: 'وارونه نوشتن کلمه‌های رایج کمکی نمی‌کند.',
    allUppercase: 'بعضی از حروف را بزرگ بنویسید، نه همه را.',
    capitalization: 'جز حرف اول، حرف‌های دیگری را هم بزرگ بنویسید.',
    dates: 'تاریخ‌ها و سال‌هایی را که به شما مربوط‌اند به کار نبرید.',
    recentYears: 'سال‌های اخیر را به کار نبرید.',
    associatedYears: 'سال‌هایی را که به شما مربوط‌اند به کار نبرید.',
    sequences: 'رشته‌های پشت‌سرهم را به کار نبرید.',
    repeated: 'کلمه‌ها و نویسه‌ها را تکرار نکنید.',
    longerKeyboardPattern: 'الگوی بلندتری روی صفحه‌کلید بزنید و جهت آن را چند بار عوض کنید.',
    anotherWord: 'چند کلمهٔ کم‌کاربردتر به آن اضافه کنید.',
    useWords: 'چند کلمهٔ نامرتبط کنار هم بگذارید، نه عبارتی رایج.',
    noNeed: 'رمز عبور قوی بی‌نماد، بی‌عدد و بی‌حرف بزرگ هم ساختنی است.',
    pwned: 'اگر این رمز عبور را جای دیگری هم به کار می‌برید، آن را آنجا هم عوض کنید.',
  },
  timeEstimation: {
    ltSecond: 'کمتر از یک ثانیه',
    second: 'یک ثانیه',
    seconds: (value) => `${toPersianDigits(value)} ثانیه`,
    minute: 'یک دقیقه',
    minutes: (value) => `${toPersianDigits(value)} دقیقه`,
    hour: 'یک ساعت',
    hours: (value) => `${toPersianDigits(value)} ساعت`,
    day: 'یک روز',
    days: (value) => `${toPersianDigits(value)} روز`,
    month: 'یک ماه',
    months: (value) => `${toPersianDigits(value)} ماه`,
    year: 'یک سال',
    years: (value) => `${toPersianDigits(value)} سال`,
    centuries: 'چند قرن',
  },
};

// zxcvbn's matching grows quickly with length and with characters it reads as l33t ('@', '0',
// '1', '$', ...): one 128-character password took 1.5 s of CPU (7 s with more l33t tries) on the
// server's event loop, from a call anyone can make. Scoring only the first 40 characters is safe
// (the characters after them only add to what an attacker must guess, so a password is never
// rated stronger than it is) and keeps the worst check near 150 ms on a busy 2-core machine.
const SCORED_LENGTH = 40;
const L33T_SUBSTITUTIONS = 15;

let loading: Promise<ZxcvbnFactory> | undefined;

/** Loads zxcvbn and its dictionaries once per process (or page); later calls share the load. */
function loadZxcvbn(): Promise<ZxcvbnFactory> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const options: OptionsType = {
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: persianTranslations,
      maxLength: SCORED_LENGTH,
      l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
    };
    return new core.ZxcvbnFactory(options);
  });
  loading.catch(() => {
    // A failed load (a lost chunk on a flaky network) is tried again at the next check.
    loading = undefined;
  });
  return loading;
}

/** A password strength checker, ready to answer at once as the person types. */
export type PasswordStrengthChecker = (
  password: string,
  userInputs: readonly string[],
) => PasswordStrength;

// The standard Persian keyboard (ISIRI 9147) on the QWERTY keys: a common password typed with the
// Persian layout on («حشسسصخقی» is "password») is as easy to guess as the password itself, and
// zxcvbn has no Persian dictionary to know it otherwise.
const LATIN_KEY_OF: Record<string, string> = Object.fromEntries(
  [
    ['ضصثقفغعهخحجچ', 'qwertyuiop[]'],
    ['شسیبلاتنمکگ', "asdfghjkl;'"],
    ['ظطزرذدپو', 'zxcvbnm,'],
    ['يك', 'd;'],
  ].flatMap(([persian = '', latin = '']) =>
    [...persian].map((letter, index) => [letter, latin[index] ?? letter]),
  ),
);

/** The keys a password was typed on, read as the Latin letters they carry. */
export function latinKeysOf(password: string): string {
  return [...password].map((letter) => LATIN_KEY_OF[letter] ?? letter).join('');
}

/** Loads the dictionaries (once) and answers a checker that needs no further waiting. */
export async function loadPasswordStrength(): Promise<PasswordStrengthChecker> {
  const zxcvbn = await loadZxcvbn();
  return (password, userInputs) => {
    // Persian digits are as easy to guess as Latin ones: ۱۲۳۴۵۶۷۸ is 12345678.
    const typed = toLatinDigits(password);
    const keys = latinKeysOf(typed);
    const asTyped = zxcvbn.check(typed, [...userInputs]);
    // A password is as weak as the weaker of what it says and the keys it was typed on.
    const result =
      keys === typed
        ? asTyped
        : ([asTyped, zxcvbn.check(keys, [...userInputs])].sort((a, b) => a.score - b.score)[0] ??
          asTyped);
    const score = result.score as PasswordScore;
    return {
      score,
      strong: score >= STRONG_PASSWORD_SCORE,
      label: PASSWORD_STRENGTH_LABELS[score],
      warning: result.feedback.warning,
      suggestions: result.feedback.suggestions,
    };
  };
}

/** How guessable `password` is for a person described by `userInputs` (see passwordUserInputs). */
export async function checkPasswordStrength(
  password: string,
  userInputs: readonly string[],
): Promise<PasswordStrength> {
  return (await loadPasswordStrength())(password, userInputs);
}

/**
 * What an attacker who targets this person would try first: the mobile number as it is written
 * (E.164, 09…, 9…), the name and the e-mail. The server and the web build it the same way.
 */
export function passwordUserInputs(person: {
  mobile?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string[] {
  const inputs = new Set<string>();
  const mobile = person.mobile ? normalizeMobile(person.mobile) : null;
  if (mobile) {
    const national = mobile.slice(3);
    inputs.add(mobile).add(`0${national}`).add(national);
  }
  for (const name of [person.firstName, person.lastName]) {
    for (const word of name?.split(/\s+/) ?? []) if (word) inputs.add(word);
  }
  if (person.email) {
    inputs.add(person.email);
    const local = person.email.split('@')[0];
    if (local) inputs.add(local);
  }
  return [...inputs];
}

/** The Persian reason a password is refused, as the server answers it and the web shows it. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  const reason =
    strength.warning ?? strength.suggestions[0] ?? persianTranslations.suggestions.anotherWord;
  return `رمز عبور ${strength.label} است؛ رمزی دست‌کم «قوی» بگذارید. ${reason}`;
}
