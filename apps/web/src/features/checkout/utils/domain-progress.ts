import {
  DOMAIN_ORDER_ACTION_LABELS,
  type DomainOrderAction,
  type OrderDomainState,
} from '@vitrin/contracts';

// What a bought domain is doing right after payment (issue 38): the callback page says it from
// what the order answers of the line (the domains module's state), not «فعال شد» for all.

/** A domain line of a paid order, as the order answers it. */
export interface OrderDomain {
  lineId: string;
  name: string;
  action: DomainOrderAction;
  domainId: string | null;
  state: OrderDomainState | null;
  note: string | null;
}

/** Its registry answers within seconds: the page asks again until it has. */
const ON_ITS_WAY: ReadonlyArray<OrderDomainState | null> = [
  'registering',
  'transferring',
  'renewing',
];

export function isDomainOnItsWay(state: OrderDomainState | null): boolean {
  return ON_ITS_WAY.includes(state);
}

/** A sentence for each state; a refusal names its reason when the registry gave one. */
export function domainProgressText(domain: Pick<OrderDomain, 'action' | 'state' | 'note'>): string {
  const what = DOMAIN_ORDER_ACTION_LABELS[domain.action];
  switch (domain.state) {
    case 'registering':
      return 'درخواست ثبت به ثبت‌کننده رفته است؛ معمولا چند لحظه بیشتر طول نمی‌کشد.';
    case 'awaiting-transfer-code':
      return 'برای آغاز انتقال، کد انتقال را از ثبت‌کنندهٔ فعلی بگیرید و در صفحهٔ دامنه وارد کنید.';
    case 'transferring':
      return 'کد انتقال به ثبت‌کننده رفته است؛ انتقال پس از پذیرش آن انجام می‌شود.';
    case 'awaiting-registry':
      return 'درخواست به ثبت‌کننده رسیده و در انتظار بررسی و تأیید اوست.';
    case 'renewing':
      return 'تمدید به ثبت‌کننده رفته است؛ چند لحظه صبر کنید.';
    case 'with-support':
      return `${what} خودکار انجام نشد و به پشتیبانی سپرده شد؛ کارشناس پیگیری می‌کند و مبلغ آن تا انجام یا بازگشت نزد ماست.`;
    case 'active':
      return domain.action === 'register' || domain.action === 'transfer'
        ? 'فعال است؛ نام‌سرورها و رکوردهایش را از صفحهٔ دامنه مدیریت کنید.'
        : `${what} انجام شد و دامنه فعال است.`;
    case 'expired':
      return 'منقضی شده است؛ از صفحهٔ دامنه تمدیدش کنید.';
    case 'refunded':
      return `${what} انجام نشد و مبلغ آن به کیف پول شما برگشت.${domain.note ? ` علت: ${domain.note}` : ''}`;
    case 'ended':
      return 'این دامنه دیگر در حساب شما نیست.';
    case null:
      return 'وضعیت آن پس از ثبت پرداخت این‌جا می‌آید.';
  }
}
