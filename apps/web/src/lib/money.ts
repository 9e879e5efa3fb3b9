import { formatToman, rialToToman, shortenPrice } from '@vitrin/fa';

const RIAL_PER_TOMAN = 10;

/** A Toman amount typed by a person as the Rial the API speaks (API.md: money is Rial). */
export function tomanToRial(toman: number): number {
  return toman * RIAL_PER_TOMAN;
}

/** A Rial amount from the API as whole Toman, for sliders and inputs that take numbers. */
export function rialToTomanNumber(rial: number): number {
  return Number(rialToToman(rial));
}

/**
 * A Rial amount as Toman text: every digit on a page with room ('۱٬۹۹۰٬۰۰۰ تومان'), shortened
 * where space is short ('۱ میلیون و ۹۹۰ هزار تومان').
 */
export function tomanText(rial: number, options: { short?: boolean } = {}): string {
  return options.short ? `${shortenPrice(rialToToman(rial))} تومان` : formatToman(rial);
}
