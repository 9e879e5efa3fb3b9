import type { domainName } from '@vitrin/contracts';
import { useEffect, useState } from 'react';

type DomainRule = typeof domainName;

/** What is wrong with a typed domain name; undefined when it is one or nothing is typed yet. */
export type DomainCheck = (typed: string) => string | undefined;

/**
 * What is wrong with a typed domain name, by the rule the server applies to add-to-cart
 * (contracts' `domainName`: Persian digits and upper case folded, `www.` and `https://` dropped);
 * undefined when it is a domain name. An empty field is not judged here: the add button says so.
 */
export function domainProblem(rule: DomainRule, typed: string): string | undefined {
  if (typed.trim() === '') return undefined;
  const parsed = rule.safeParse(typed);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'نام دامنه درست نیست');
}

let loadedRule: DomainRule | undefined;
let loading: Promise<DomainRule> | undefined;

/**
 * The rule is the contracts' own, built with Zod: ~40 KB gzipped, and on a phone a long task to
 * set up, that the product page would otherwise load and run before it could be used. It loads
 * when the person starts typing a domain, well within the pause the check waits for; should it
 * fail to load, the server's answer to add-to-cart says what is wrong.
 */
function loadDomainRule(): Promise<DomainRule> {
  loading ??= import('@vitrin/contracts').then(
    ({ domainName: rule }) => {
      loadedRule = rule;
      return rule;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The check to run on what is typed, once the rule has loaded (it loads on the first letter). */
export function useDomainCheck(typed: string): DomainCheck | undefined {
  const [rule, setRule] = useState(loadedRule);
  const started = typed.trim() !== '';
  useEffect(() => {
    if (!started || rule) return;
    let current = true;
    loadDomainRule().then(
      (loaded) => {
        if (current) setRule(() => loaded);
      },
      () => {
        // The server judges the name when it is added to the cart.
      },
    );
    return () => {
      current = false;
    };
  }, [started, rule]);
  return rule ? (typed) => domainProblem(rule, typed) : undefined;
}
