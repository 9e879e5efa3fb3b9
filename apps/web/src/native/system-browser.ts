import { capacitorPreferences } from '../lib/device-preferences';
import { BRAND_COLOR } from './brand-color';
import { type PendingPayment, savePendingPayment } from './payment-return';

/**
 * Opens a page outside the app, in the system browser (a Custom Tab on Android): another site,
 * a store page, the payment gateway. The person comes back with the back button.
 */
export async function openInSystemBrowser(url: string): Promise<void> {
  const { Browser } = await import('@capacitor/browser');
  await Browser.open({ url, toolbarColor: BRAND_COLOR });
}

/**
 * Sends the person to the gateway in the system browser (issue 9). The payment is noted on the
 * device first, so the app can ask about it when the person returns, even after Android closed
 * the app meanwhile.
 */
export async function payInSystemBrowser(
  payment: { kind: 'order'; orderId: string } | { kind: 'top-up'; amountRial: number },
  redirectUrl: string,
): Promise<void> {
  const pending: PendingPayment = { ...payment, startedAt: Date.now() };
  await savePendingPayment(capacitorPreferences(), pending);
  await openInSystemBrowser(redirectUrl);
}
