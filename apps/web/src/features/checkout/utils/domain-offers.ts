import type { Cart } from '../api/cart-calls';

type CartLine = Cart['lines'][number];

/** A plan line whose domain the cart could also buy: the line, and the name it is made on. */
export interface DomainOffer {
  lineId: string;
  domainName: string;
}

/**
 * The lines that are offered their domain (issue 38): a new hosting or website-builder plan
 * made on a name the cart does not already buy (register, transfer or renew). One offer per
 * name, under the first line that names it; a renewal extends a service whose name is settled.
 */
export function domainOffers(lines: readonly CartLine[]): DomainOffer[] {
  const bought = new Set(
    lines.flatMap((line) => (line.domain && line.domainName ? [asciiName(line.domainName)] : [])),
  );
  const offers: DomainOffer[] = [];
  for (const line of lines) {
    if (line.domain || line.renewal || !line.domainName) continue;
    const name = asciiName(line.domainName);
    if (bought.has(name)) continue;
    bought.add(name);
    offers.push({ lineId: line.id, domainName: line.domainName });
  }
  return offers;
}

/**
 * A name in the one form both kinds of line can be compared in: a plan keeps the name as typed
 * (`xn--mgbh0fb.xn--mgba3a4f16a`), a domain line as people read it (`مثال.ایران`). The URL
 * parser applies IDNA (UTS #46) as browsers do.
 */
export function asciiName(name: string): string {
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return name.trim().toLowerCase();
  }
}
