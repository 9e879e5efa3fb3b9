import { domainName } from '@vitrin/contracts';

/**
 * What is wrong with a typed domain name, by the rule the server applies to add-to-cart
 * (contracts' `domainName`: Persian digits and upper case folded, `www.` and `https://` dropped);
 * undefined when it is a domain name. An empty field is not judged here: the add button says so.
 */
export function domainProblem(typed: string): string | undefined {
  if (typed.trim() === '') return undefined;
  const parsed = domainName.safeParse(typed);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'نام دامنه درست نیست');
}
