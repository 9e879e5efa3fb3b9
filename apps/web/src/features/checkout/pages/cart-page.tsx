import {
  Alert,
  Button,
  Card,
  Container,
  Divider,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, type ReactNode, useDeferredValue, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiRequestError, describeApiError } from '../../../lib/api-error';
import { orderPath } from '../../../lib/panel-paths';
import { showSuccessToast } from '../../../lib/toast';
import { AlertIcon, CartIcon } from '../../../ui/icons';
import { StatusMessage } from '../../../ui/status-message';
import type { Cart } from '../api/cart-calls';
import { useCart, useCartOwner } from '../api/get-cart';
import { type BuyerDetails, useCartUser } from '../api/get-cart-user';
import { useUserAccountInfo } from '../api/get-user-account-info';
import { useSubmitOrder } from '../api/submit-order';
import { useUpdateCartUser } from '../api/update-cart-user';
import { AmountRows } from '../components/amount-rows';
import {
  type BuyerDraft,
  BuyerFields,
  buyerDraftChanged,
  fromBuyerDraft,
  toBuyerDraft,
} from '../components/buyer-fields';
import { CartLineItem } from '../components/cart-line-item';
import { DiscountCodeForm, type TypedCode } from '../components/discount-code-form';
import { WalletToggle } from '../components/wallet-toggle';
import { usePayOrder } from '../hooks/use-pay-order';
import { domainOffers } from '../utils/domain-offers';
import { vatLabel } from '../utils/vat-label';
import { walletShare } from '../utils/wallet-share';
import classes from './cart-page.module.css';

const SIGN_IN_FOR_CART = '/sign-in?next=/cart';

/**
 * The domain holder's details (issue 38), from the domains feature where the routes compose the
 * two (STYLE.md: features do not import each other): asked for before an order with a domain
 * line is submitted. `refusal` is the server's message when it refused the order for want of them.
 */
export type DomainHolderSlot = (props: { userId: string; refusal: string | null }) => ReactNode;

/**
 * The domain a hosting or website-builder line is made on, offered to buy in the same order
 * (issue 38), from the domains feature: shown under the line while the cart buys no domain line
 * of that name.
 */
export type DomainOfferSlot = (props: { domainName: string }) => ReactNode;

interface CartPageProps {
  domainHolder?: DomainHolderSlot;
  domainOffer?: DomainOfferSlot;
}

export function CartPage({ domainHolder, domainOffer }: CartPageProps) {
  useDocumentTitle('سبد خرید | ویترین');
  const { ready, userId } = useCartOwner();
  const cart = useCart();
  // The contents render in the background once the answer is in: a deferred render yields to
  // the browser every few milliseconds, where the answer itself would re-render the whole
  // cart in one task (on a phone, the page's longest).
  const shown = useDeferredValue(cart.data);
  // The code being typed lives here, above the contents: when the cart is asked again for
  // another owner (the session settling after a page load), the contents are drawn anew and
  // would otherwise drop what the person had typed.
  const typedCode = useState('');

  return (
    <Container py={{ base: 'lg', sm: 40 }}>
      <Title order={1} mb="lg">
        سبد خرید
      </Title>
      {shown ? (
        <CartContents
          cart={shown}
          userId={userId}
          typedCode={typedCode}
          domainHolder={domainHolder}
          domainOffer={domainOffer}
        />
      ) : cart.isError ? (
        <StatusMessage
          icon={<AlertIcon size={32} />}
          color="orange"
          title="سبد خرید بارگذاری نشد"
          description={describeApiError(cart.error)}
        >
          <Button variant="light" onClick={() => cart.refetch()} loading={cart.isFetching}>
            تلاش دوباره
          </Button>
        </StatusMessage>
      ) : (
        <CartSkeleton busy={!ready || cart.isPending || shown !== cart.data} />
      )}
    </Container>
  );
}

function CartContents({
  cart,
  userId,
  typedCode,
  domainHolder,
  domainOffer,
}: {
  cart: Cart;
  userId: string | null;
  typedCode: TypedCode;
  domainHolder: DomainHolderSlot | undefined;
  domainOffer: DomainOfferSlot | undefined;
}) {
  const notice = cart.removedNotice && (
    <Alert color="amber" variant="light" c="amber.9" mb="lg" role="status">
      {cart.removedNotice}
    </Alert>
  );

  if (cart.lines.length === 0) {
    return (
      <>
        {notice}
        <StatusMessage
          icon={<CartIcon size={32} />}
          title="سبد خرید شما خالی است"
          description="پلن سایت‌ساز، هاست، سرور یا دامنه‌ای را که می‌خواهید از فروشگاه انتخاب کنید."
        >
          <Button component={Link} to="/store" mt="sm">
            رفتن به فروشگاه
          </Button>
        </StatusMessage>
      </>
    );
  }

  const offeredNames = new Map(
    domainOffer ? domainOffers(cart.lines).map((offer) => [offer.lineId, offer.domainName]) : [],
  );
  const summary = (
    <>
      <DiscountCodeForm discount={cart.discount} typed={typedCode} />
      <Divider />
      <AmountRows
        rows={[
          { label: 'جمع سبد', rial: cart.subtotalRial },
          { label: 'تخفیف', rial: cart.discountRial, deduct: true, hideZero: true },
          { label: vatLabel(cart.vatRatePercent), rial: cart.vatRial },
        ]}
        total={{ label: 'مبلغ قابل پرداخت', rial: cart.totalRial, testId: 'cart-total' }}
      />
    </>
  );

  return (
    <>
      {notice}
      <div className={classes.layout}>
        <Stack gap="sm" component="ul" aria-label="ردیف‌های سبد" className={classes.lines}>
          {cart.lines.map((line) => {
            const offered = offeredNames.get(line.id);
            return (
              <CartLineItem
                key={line.id}
                line={line}
                offer={domainOffer && offered && domainOffer({ domainName: offered })}
              />
            );
          })}
        </Stack>
        {userId ? (
          <SignedInCheckout
            userId={userId}
            totalRial={cart.totalRial}
            summary={summary}
            domainHolder={cart.lines.some((line) => line.domain) ? domainHolder : undefined}
          />
        ) : (
          <Card component="aside" aria-label="خلاصهٔ سفارش" className={classes.summary}>
            <Stack gap="md">
              {summary}
              <Alert color="brand" variant="light" title="برای ثبت سفارش وارد شوید">
                <Stack gap="sm" align="flex-start">
                  <Text size="sm">
                    سفارش و پرداخت به نام حساب شما ثبت می‌شود. پس از ورود، همین سبد با شماست.
                  </Text>
                  <Button component={Link} to={SIGN_IN_FOR_CART}>
                    ورود و ثبت سفارش
                  </Button>
                </Stack>
              </Alert>
            </Stack>
          </Card>
        )}
      </div>
    </>
  );
}

interface SignedInCheckoutProps {
  userId: string;
  totalRial: number;
  summary: ReactNode;
  /** Given when the cart holds a domain line. */
  domainHolder: DomainHolderSlot | undefined;
}

/** The buyer's details, the wallet and the submit: only for a signed-in person. */
function SignedInCheckout({ userId, totalRial, summary, domainHolder }: SignedInCheckoutProps) {
  const buyer = useCartUser(userId);

  return buyer.data ? (
    <CheckoutForm
      userId={userId}
      buyer={buyer.data}
      totalRial={totalRial}
      summary={summary}
      domainHolder={domainHolder}
    />
  ) : (
    <>
      <Card className={classes.buyer}>
        {buyer.isError ? (
          <Stack gap="sm" align="flex-start">
            <Text>مشخصات خریدار بارگذاری نشد.</Text>
            <Button variant="light" onClick={() => buyer.refetch()} loading={buyer.isFetching}>
              تلاش دوباره
            </Button>
          </Stack>
        ) : (
          <Skeleton height={160} aria-label="در حال بارگذاری مشخصات خریدار" />
        )}
      </Card>
      <Card component="aside" aria-label="خلاصهٔ سفارش" className={classes.summary}>
        <Stack gap="md">{summary}</Stack>
      </Card>
    </>
  );
}

interface CheckoutFormProps {
  userId: string;
  buyer: BuyerDetails;
  totalRial: number;
  summary: ReactNode;
  domainHolder: DomainHolderSlot | undefined;
}

function CheckoutForm({ userId, buyer, totalRial, summary, domainHolder }: CheckoutFormProps) {
  const navigate = useNavigate();
  const account = useUserAccountInfo(userId);
  const balance = account.data?.balanceRial;
  const [draft, setDraft] = useState<BuyerDraft>(() => toBuyerDraft(buyer));
  // Off until the person turns it on (issue 22): credit is never spent without a choice.
  const [walletChoice, setWalletChoice] = useState(false);
  const withWallet = walletChoice && (balance ?? 0) > 0;
  const updateBuyer = useUpdateCartUser(userId);
  const submit = useSubmitOrder(userId);
  const pay = usePayOrder(userId);
  const busy = updateBuyer.isPending || submit.isPending || pay.busy;
  const paidByWallet =
    withWallet && balance !== undefined && walletShare(balance, totalRial) >= totalRial;
  const holderRef = useRef<HTMLDivElement>(null);
  const [holderRefusal, setHolderRefusal] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!buyer.complete || buyerDraftChanged(toBuyerDraft(buyer), draft)) {
      try {
        await updateBuyer.mutateAsync(fromBuyerDraft(draft));
      } catch {
        return; // The fields say what is wrong.
      }
    }
    let order: Awaited<ReturnType<typeof submit.mutateAsync>>;
    setHolderRefusal(null);
    try {
      order = await submit.mutateAsync();
    } catch (error) {
      // The server's message is in the toast; the cart is read again. Refused for want of the
      // domain holder's details: the part that asks for them is brought into view and marked.
      if (error instanceof ApiRequestError && error.code === 'DOMAIN_CONTACT_REQUIRED') {
        setHolderRefusal(error.message);
        holderRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        holderRef.current?.focus({ preventScroll: true });
      }
      return;
    }
    if (order.status === 'paid') {
      showSuccessToast();
      navigate(orderPath(order.id));
      return;
    }
    try {
      await pay.mutateAsync({ orderId: order.id, payableRial: order.payableRial, withWallet });
    } catch {
      // The order exists now and the cart is empty: its page lets the person pay again.
      navigate(orderPath(order.id));
    }
  };

  return (
    <>
      <Card component="section" aria-labelledby="buyer-title" className={classes.buyer}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="buyer-title">
              مشخصات خریدار
            </Title>
            <Text size="sm" c="dimmed">
              صورت‌حساب سفارش به این نام صادر می‌شود.
            </Text>
          </Stack>
          <BuyerFields value={draft} onChange={setDraft} error={updateBuyer.error} />
        </Stack>
      </Card>
      {domainHolder && (
        <div ref={holderRef} tabIndex={-1} className={classes.holder}>
          {domainHolder({ userId, refusal: holderRefusal })}
        </div>
      )}
      <Card component="aside" aria-label="خلاصهٔ سفارش" className={classes.summary}>
        <Stack gap="md">
          {summary}
          <Divider />
          {/* Its own form: the discount code above has one, and forms do not nest. */}
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="md">
              <WalletToggle
                balanceRial={balance}
                payableRial={totalRial}
                checked={withWallet}
                onChange={setWalletChoice}
              />
              <Button type="submit" size="md" fullWidth loading={busy}>
                {paidByWallet ? 'ثبت سفارش و پرداخت از کیف پول' : 'ثبت سفارش و پرداخت'}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                {paidByWallet
                  ? 'سفارش بی‌درنگ با اعتبار کیف پول پرداخت می‌شود.'
                  : 'پس از ثبت سفارش به درگاه پرداخت می‌روید.'}
              </Text>
            </Stack>
          </form>
        </Stack>
      </Card>
    </>
  );
}

function CartSkeleton({ busy }: { busy: boolean }) {
  return (
    <div
      className={classes.layout}
      role="status"
      aria-busy={busy}
      aria-label="در حال بارگذاری سبد خرید"
    >
      <Stack gap="sm" className={classes.lines}>
        <Skeleton height={150} radius="lg" />
        <Skeleton height={150} radius="lg" />
      </Stack>
      <Skeleton height={320} radius="lg" className={classes.summary} />
    </div>
  );
}
