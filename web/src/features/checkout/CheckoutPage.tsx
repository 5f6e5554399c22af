import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  Accordion,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  RadioGroup,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import type { OrderDetailInput } from '../../gql/graphql';
import { FormError, FormikField } from '../../components/FormField';
import { useCurrentUser } from '../../lib/auth';
import { isRefusal, serverField, serverMessage, logFailure } from '../../lib/errors';
import { evictRootFields } from '../../lib/evict';
import { formatPrice } from '../../lib/money';
import {
  CART_LOAD_FAILED,
  isSoldOut,
  LOWER_SHORT_LINES,
  NO_LONGER_AVAILABLE,
  REMOVE_UNAVAILABLE,
} from '../cart/cart-line';
import { useCart, useCartRefreshOnOpen } from '../cart/use-cart';
import { Notice, NoticeAction } from '../../components/Notice';
import { CartSummary } from '../cart/CartSummary';
import { CartEmpty } from '../cart/CartEmpty';
import { checkoutSchema, MAX_LENGTH, type CheckoutValues, type PaymentChoice } from './checkout-schema';
import { Loading } from '../../components/Loading';
import { LoadFailed } from '../../components/LoadFailed';
import { forgetPaidIntent, keepPaidIntent, readPaidIntent, type PaidIntent } from './paid-intent';
import { forgetCheckoutDraft, fromLastOrder, keepCheckoutDraft, readCheckoutDraft } from './checkout-draft';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { sendOnceMoreIfUnanswered, useCreationKey } from '../../lib/creation-key';
import { INSIDE_FOCUS_RING } from '../../lib/focus-ring';

/**
 * The shipping and contact fields, in the order of the form; all required (said to screen readers by `required`, the
 * form checks them itself: noValidate).
 */
const DETAIL_FIELDS = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', required: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', required: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'zip', label: 'ZIP', autoComplete: 'postal-code', required: true },
] as const;

/** The details of the customer's last order: a new checkout starts from them (fromLastOrder). */
export const CheckoutPageLastDetail = graphql(`
  query CheckoutPageLastDetail {
    myOrders(page: 1, pageSize: 1) {
      orders {
        id
        orderDetail {
          fullName
          phone
          address
          city
          zip
        }
      }
    }
  }
`);

export const CheckoutPagePaymentConfig = graphql(`
  query CheckoutPagePaymentConfig {
    paymentConfig {
      cardAvailable
      publishableKey
    }
  }
`);

export const CheckoutPageCreateIntent = graphql(`
  mutation CheckoutPageCreateIntent($orderDetail: OrderDetailInput, $expectedTotal: Float) {
    createPaymentIntent(orderDetail: $orderDetail, expectedTotal: $expectedTotal) {
      clientSecret
    }
  }
`);

export const CheckoutPagePlaceOrder = graphql(`
  mutation CheckoutPagePlaceOrder(
    $orderDetail: OrderDetailInput!
    $paymentMethod: PaymentMethod!
    $paymentIntentId: String
    $expectedTotal: Float
    $creationKey: String
  ) {
    placeOrder(
      orderDetail: $orderDetail
      paymentMethod: $paymentMethod
      paymentIntentId: $paymentIntentId
      expectedTotal: $expectedTotal
      creationKey: $creationKey
    ) {
      id
      displayId
    }
  }
`);

/** Spec §4: after a checkout attempt the button stays busy for 2 more seconds. */
const BUSY_CLEAR_MS = 2000;
const PAYMENT_FAILED = 'Payment failed. Please try again.';

/** Spec §8's words for a failure, then the server's reason when it gave another. */
function withReason(words: string, reason: string | undefined): string {
  return reason && reason !== words ? `${words} ${reason}` : words;
}
const INTENT_FAILED = 'Network error. Please try again later.';
export const CARD_FORM_FAILED =
  'The card form could not be loaded. Check your connection and reload the page, or pay in cash when it arrives.';
/** The card was charged and the order's answer was lost: asking again places that order, and charges nothing. */
export const PAID_NOT_PLACED =
  'Your card was charged, but your order could not be confirmed yet. Try again to finish it: your card will not be charged again.';

/** What an order changes in the cached lists: they are asked for again on their next visit. */
const afterAnOrder = evictRootFields(['cart', 'myOrders', 'orders', 'products', 'product', 'featuredProducts']);

/**
 * Places the order (cash, or with a card payment Stripe took), then goes to /thank-you. A cash order that went
 * unanswered (a dropped connection, a server restarting) may have been placed all the same: it is sent once more with
 * the same `creationKey`, which answers with that order if there is one (and places it if not), so the customer is
 * shown it rather than a failure inviting a second order. A later Place Order with the key does the same. (A card order
 * has its own way back: the payment it was placed with, see paid-intent.ts.)
 */
function usePlaceOrder() {
  const navigate = useNavigate();
  const [placeOrder] = useMutation(CheckoutPagePlaceOrder, { update: afterAnOrder });
  return async (
    orderDetail: OrderDetailInput,
    paymentIntentId?: string,
    expectedTotal?: number,
    creationKey?: string,
  ) => {
    const send = () =>
      placeOrder({
        // the total on screen: the server refuses a cash order if the cart no longer comes to it
        variables: {
          orderDetail,
          paymentMethod: paymentIntentId ? 'stripe' : 'Cash',
          paymentIntentId,
          expectedTotal,
          creationKey,
        },
      });
    const { data } = await (paymentIntentId || !creationKey
      ? send()
      : sendOnceMoreIfUnanswered(send, 'A cash order went unanswered, sent again'));
    if (paymentIntentId) forgetPaidIntent();
    forgetCheckoutDraft();
    const state: ThankYouState = { orderId: data?.placeOrder.displayId };
    await navigate('/thank-you', { state });
  };
}

/** A cash order unanswered still when it was sent once more: asking again with its key places it at most once. */
export const ORDER_NOT_CONFIRMED =
  'Your order could not be confirmed yet. Try again to check it: it will not be placed twice.';

/** A cash order whose tries all went unanswered: what was sent, and the key it was sent with (see OrderRecovery). */
type UnansweredOrder = { orderDetail: OrderDetailInput; expectedTotal: number; creationKey: string };

/**
 * An order whose answer was lost, placed again as the page opens with what keeps it from being placed twice (the card
 * payment it was paid with, or the cash order's key): the server answers with the order, and the thank-you page
 * follows. Until then the page offers only to try again (`failedMessage`); a refusal is the caller's to say.
 *  - A card payment taken without its order confirmed (see paid-intent.ts): never paid a second time.
 *  - A cash order whose tries all went unanswered, and whose cart has emptied since: most likely it was placed
 *    (placing empties the cart). A cart emptied otherwise (another tab) is refused as empty.
 */
function OrderRecovery({
  place,
  busyLabel,
  failedMessage,
  onRefused,
}: {
  place: (finish: ReturnType<typeof usePlaceOrder>) => Promise<void>;
  busyLabel: string;
  failedMessage: string;
  onRefused: (error: unknown) => void;
}) {
  const finish = usePlaceOrder();
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setFailed(false);
    try {
      await place(finish);
    } catch (e) {
      if (!isRefusal(e)) {
        logFailure('Placing an order again failed', e);
        return setFailed(true);
      }
      onRefused(e);
    }
  };
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  });
  return failed ? <LoadFailed message={failedMessage} onRetry={run} /> : <Loading label={busyLabel} />;
}

/** What /thank-you is told: the order just placed; `cartEmptied` once that page has emptied its cart. */
export type ThankYouState = { orderId?: string; cartEmptied?: boolean };

const PAYMENT_OPTIONS: { value: PaymentChoice; label: string; note?: string }[] = [
  { value: 'card', label: 'Credit or debit card' },
  { value: 'paypal', label: 'PayPal', note: 'coming soon' },
  { value: 'cash', label: 'Pay when it arrives (cash)' },
];

function detailOf(values: CheckoutValues): OrderDetailInput {
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    zip: values.zip.trim(),
    notes: values.notes.trim(),
  };
}

/** A notice's way to where its matter is settled. */
function NoticeLink({ to, children }: { to: string; children: string }) {
  return (
    <NoticeAction asChild>
      <RouterLink to={to}>{children}</RouterLink>
    </NoticeAction>
  );
}

/** Where a line that blocks the checkout is removed or lowered: the cart. */
const GoToCart = () => <NoticeLink to="/cart">Go to Cart</NoticeLink>;

function OrderSummarySection() {
  const cart = useCart();
  return (
    <Stack gap="4">
      <Stack as="ul" listStyleType="none" gap="2">
        {cart.lines.map((line) => (
          <HStack as="li" key={line.productId} justify="space-between" gap="4">
            <Text overflowWrap="anywhere">
              {line.name}{' '}
              <Text as="span" color="fg.muted">
                × {line.quantity}
              </Text>
              {line.stockNote && (
                <Text as="span" color={isSoldOut(line) ? 'fg.error' : 'fg.warning'} fontWeight="semibold">
                  {' '}
                  · {line.stockNote}
                </Text>
              )}
            </Text>
            {line.available ? (
              <Text fontWeight="semibold">{formatPrice(line.lineTotal)}</Text>
            ) : (
              <Text color="fg.error">{NO_LONGER_AVAILABLE}</Text>
            )}
          </HStack>
        ))}
      </Stack>
      <CartSummary subtotal={cart.subtotal} tax={cart.tax} shipping={cart.shipping} total={cart.total} />
    </Stack>
  );
}

/** The form; inside Stripe's Elements so the card option can confirm a payment. */
function CheckoutForm({
  cardAvailable,
  onChooseCard,
  cardReady,
  cardFailed,
  onPaidNotPlaced,
  onRefused,
  onUnanswered,
}: {
  cardAvailable: boolean;
  onChooseCard: () => void;
  cardReady: boolean;
  cardFailed: boolean;
  /** The card was charged and the order's answer did not come: the page finishes that order instead. */
  onPaidNotPlaced: (paid: PaidIntent) => void;
  /**
   * Why the server last refused Place Order for its creation key (an earlier try of this checkout placed the order,
   * which emptied the cart, with other details, or it was cancelled since), and undefined once a new Place Order
   * starts: the page says it when the form goes with the emptied cart.
   */
  onRefused: (reason: string | undefined) => void;
  /** A cash Place Order whose tries all went unanswered (undefined once a new one starts): see OrderRecovery. */
  onUnanswered: (order: UnansweredOrder | undefined) => void;
}) {
  const user = useCurrentUser();
  const cart = useCart();
  // A line no longer sold, or holding more than is left, cannot be bought: nothing is paid until it is fixed.
  const blocked = cart.hasUnavailable || cart.hasShortStock;
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const busyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(busyTimer.current), []);
  const [createIntent] = useMutation(CheckoutPageCreateIntent);
  const placeOrder = usePlaceOrder();
  // One key for the order this page places, sent with each try of it: a cash order whose answer was lost is not placed
  // twice (usePlaceOrder). The page is left once an order is placed.
  const { key: creationKey } = useCreationKey();
  // A refused checkout may come from a cart or stock changed since the page loaded (an admin lowered the stock,
  // another tab changed the cart): the cart is asked for again, so the summary, the warnings and Place Order show
  // what holds now instead of inviting the same refusal again.
  const reloadCart = () => void cart.refresh().catch((e: unknown) => logFailure('Cart refresh failed', e));

  const finish = (orderDetail: OrderDetailInput, paymentIntentId?: string) =>
    placeOrder(orderDetail, paymentIntentId, cart.total, creationKey);

  const payByCard = async (orderDetail: OrderDetailInput) => {
    if (!stripe || !elements) return setError(PAYMENT_FAILED);
    const submitted = await elements.submit();
    if (submitted.error) return setError(submitted.error.message ?? PAYMENT_FAILED);
    let clientSecret: string;
    try {
      const { data } = await createIntent({ variables: { orderDetail, expectedTotal: cart.total } });
      if (!data) throw new Error('No payment intent');
      clientSecret = data.createPaymentIntent.clientSecret;
    } catch (e) {
      logFailure('Payment intent failed', e);
      reloadCart();
      return setError(withReason(INTENT_FAILED, serverMessage(e)));
    }
    const result = await stripe.confirmPayment({
      elements,
      clientSecret,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/thank-you` },
    });
    if (result.error) return setError(result.error.message ?? PAYMENT_FAILED);
    if (result.paymentIntent?.status !== 'succeeded') return setError(PAYMENT_FAILED);
    // Charged from here on: kept for this tab until its order is placed, so no later step charges the card again.
    const paid: PaidIntent = { intentId: result.paymentIntent.id, orderDetail };
    if (user) keepPaidIntent(user.id, paid);
    try {
      await finish(orderDetail, paid.intentId);
    } catch (e) {
      if (!isRefusal(e)) {
        logFailure('Placing a paid order failed', e);
        return onPaidNotPlaced(paid);
      }
      forgetPaidIntent(); // refused for good: the server refunded the payment, and its message says so
      throw e;
    }
  };

  // The form as it opens without a draft: the account's name, e-mail and phone.
  const [opened] = useState(() => ({
    fullName: user?.username ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: '',
    city: '',
    zip: '',
    notes: '',
  }));
  const [draft] = useState(() => (user ? readCheckoutDraft(user.id) : {}));
  const form = useFormik<CheckoutValues>({
    initialValues: { ...opened, ...draft, paymentMethod: '' },
    validationSchema: checkoutSchema,
    onSubmit: async (values) => {
      setError(undefined);
      onRefused(undefined);
      onUnanswered(undefined);
      clearTimeout(busyTimer.current);
      setBusy(true);
      const orderDetail = detailOf(values);
      try {
        if (values.paymentMethod === 'card') await payByCard(orderDetail);
        else await finish(orderDetail);
      } catch (e) {
        logFailure('Checkout failed', e);
        if (values.paymentMethod !== 'card' && !isRefusal(e))
          onUnanswered({ orderDetail, expectedTotal: cart.total, creationKey });
        setError(withReason(PAYMENT_FAILED, serverMessage(e)));
        // Refused for its key: an earlier try of this form placed the order (which emptied the cart), or it was
        // cancelled since. Not a stock or total refusal, which the form says while the cart it is about stays.
        onRefused(serverField(e) === 'creationKey' ? serverMessage(e) : undefined);
        reloadCart();
      } finally {
        busyTimer.current = setTimeout(() => setBusy(false), BUSY_CLEAR_MS);
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  const userId = user?.id;
  useEffect(() => {
    if (userId) keepCheckoutDraft(userId, form.values);
  }, [userId, form.values]);
  // A returning customer starts from the name and address of their last order, once it has come: only on a checkout
  // that starts afresh (no draft in this tab) and only if nothing was typed or chosen meanwhile.
  const startsAfresh = Object.keys(draft).length === 0;
  // Read once: an order placed here evicts `myOrders`, and the page is leaving by then (nothing to ask again for).
  const { data: last } = useQuery(CheckoutPageLastDetail, { skip: !userId, nextFetchPolicy: 'cache-only' });
  const lastDetail = startsAfresh ? last?.myOrders.orders[0]?.orderDetail : undefined;
  const fillFromLast = useEffectEvent((detail: NonNullable<typeof lastDetail>) => {
    if (form.dirty) return;
    void form.setValues({ ...form.values, ...fromLastOrder(opened, detail) }, form.submitCount > 0);
  });
  useEffect(() => {
    if (lastDetail) fillFromLast(lastDetail);
  }, [lastDetail]);

  const choose = (value: string) => {
    if (value === 'card') onChooseCard();
    void form.setFieldValue('paymentMethod', value);
  };
  const paymentError = form.submitCount > 0 ? form.errors.paymentMethod : undefined;

  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {DETAIL_FIELDS.map(({ name, ...input }) => (
            <FormikField key={name} form={form} name={name} maxLength={MAX_LENGTH[name]} {...input} />
          ))}
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Notes (optional)</Field.Label>
          <Textarea {...form.getFieldProps('notes')} rows={2} maxLength={MAX_LENGTH.notes} />
        </Field.Root>
        {/* Invalid, the radios say so (aria-invalid), so a submit without a method takes the keyboard to them, and
            the group is described by the error. */}
        <Field.Root invalid={Boolean(paymentError)} ids={{ errorText: 'payment-method-error' }}>
          <RadioGroup.Root
            value={form.values.paymentMethod || null}
            onValueChange={(e) => e.value && choose(e.value)}
            colorPalette="brand"
            aria-labelledby="payment-method-label"
            invalid={Boolean(paymentError)}
            aria-describedby={paymentError ? 'payment-method-error' : undefined}
          >
            <Text id="payment-method-label" fontWeight="medium" mb="2">
              Payment method
            </Text>
            <Stack gap="3">
              {PAYMENT_OPTIONS.map((option) => {
                // While a line is no longer sold nothing can be paid: Stripe.js is not even loaded.
                const disabled = option.value === 'paypal' || (option.value === 'card' && (!cardAvailable || blocked));
                return (
                  <RadioGroup.Item key={option.value} value={option.value} disabled={disabled}>
                    <RadioGroup.ItemHiddenInput />
                    {/* The default border all but disappears on a dark card: grey 500 stands out (3:1 or more) on both. */}
                    <RadioGroup.ItemIndicator borderColor="gray.500" />
                    <RadioGroup.ItemText color={disabled ? 'fg.subtle' : undefined}>
                      {option.label}
                      {/* a space between the words, not a margin (which would indent a note wrapped onto its own line): the
                          option's name reads "PayPal (coming soon)" */}
                      {option.note && ' '}
                      {option.note && (
                        <Text as="span" color="fg.muted" fontSize="sm" whiteSpace="nowrap">
                          ({option.note})
                        </Text>
                      )}
                      {option.value === 'card' && !cardAvailable && ' '}
                      {option.value === 'card' && !cardAvailable && (
                        <Text as="span" color="fg.muted" fontSize="sm" whiteSpace="nowrap">
                          (unavailable)
                        </Text>
                      )}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                );
              })}
            </Stack>
          </RadioGroup.Root>
          {paymentError && <Field.ErrorText>{paymentError}</Field.ErrorText>}
        </Field.Root>
        {form.values.paymentMethod === 'card' && (
          <Box borderWidth="1px" rounded="md" p="4" data-testid="card-payment">
            {cardFailed ? (
              <Text color="fg.error" role="alert">
                {CARD_FORM_FAILED}
              </Text>
            ) : cardReady ? (
              <PaymentElement />
            ) : (
              <Spinner size="sm" role="status" aria-label="Loading card form" />
            )}
          </Box>
        )}
        <FormError>{error}</FormError>
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Text fontWeight="bold" fontSize="lg">
            Total: {formatPrice(cart.total)}
          </Text>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            disabled={busy || blocked || (cardFailed && form.values.paymentMethod === 'card')}
          >
            {busy ? 'Processing payment...' : 'Place Order'}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * /checkout (signed-in): the order summary and the shipping and payment form, as an accordion.
 * Stripe.js is fetched only when the card option is chosen, and only from this page's chunk.
 */
export function CheckoutPage() {
  const cart = useCart();
  useCartRefreshOnOpen();
  const user = useCurrentUser();
  // A card payment of this tab still without its order (its answer lost, the page left or reloaded): finished first.
  const [paid, setPaid] = useState(() => (user ? readPaidIntent(user.id) : undefined));
  const [paidRefused, setPaidRefused] = useState<string>();
  // Why the server last refused the form's Place Order for its key: said over the cart that order emptied.
  const [refusedAs, setRefusedAs] = useState<string>();
  const [unanswered, setUnanswered] = useState<UnansweredOrder>();
  const { data: config } = useQuery(CheckoutPagePaymentConfig);
  const [stripePromise, setStripePromise] = useState<Promise<Stripe | null> | null>(null);
  // Stripe.js could not be fetched (offline, blocked): the card option says so instead of an empty box.
  const [cardFailed, setCardFailed] = useState(false);
  const cardAvailable = Boolean(config?.paymentConfig.cardAvailable && config.paymentConfig.publishableKey);
  const chooseCard = () => {
    const key = config?.paymentConfig.publishableKey;
    if (!stripePromise && key) {
      setStripePromise(
        loadStripe(key).catch((e: unknown) => {
          logFailure('Stripe.js failed to load', e);
          setCardFailed(true);
          return null;
        }),
      );
    }
  };

  if (paid) {
    return (
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Checkout
        </Heading>
        <OrderRecovery
          place={(finish) => finish(paid.orderDetail, paid.intentId)}
          busyLabel="Finishing your order"
          failedMessage={PAID_NOT_PLACED}
          onRefused={(e) => {
            // Refused for good (the payment could not be sold and was refunded, which the server says): to the cart.
            forgetPaidIntent();
            setPaid(undefined);
            setPaidRefused(serverMessage(e) ?? PAYMENT_FAILED);
            void cart.refresh().catch((e: unknown) => logFailure('Cart refresh failed', e));
          }}
        />
      </Stack>
    );
  }
  if (cart.loading) {
    return <Loading label="Loading cart" />;
  }
  if (cart.retryLoad) {
    return <LoadFailed message={CART_LOAD_FAILED} onRetry={cart.retryLoad} />;
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Checkout
      </Heading>
      {paidRefused && <Notice status="error">{paidRefused}</Notice>}
      {cart.lines.length === 0 ? (
        <>
          {refusedAs && (
            <Notice status="error" action={<NoticeLink to="/profile?tab=orders">Order History</NoticeLink>}>
              {refusedAs}
            </Notice>
          )}
          {unanswered ? (
            <OrderRecovery
              place={(finish) =>
                finish(unanswered.orderDetail, undefined, unanswered.expectedTotal, unanswered.creationKey)
              }
              busyLabel="Checking your order"
              failedMessage={ORDER_NOT_CONFIRMED}
              onRefused={(e) => {
                setUnanswered(undefined);
                setRefusedAs(serverField(e) === 'creationKey' ? serverMessage(e) : undefined);
              }}
            />
          ) : (
            <CartEmpty />
          )}
        </>
      ) : (
        <Stack gap="4">
          {/* Lines are changed in the cart, not here: the last of these notices leads there. */}
          {cart.hasUnavailable && (
            <Notice status="warning" action={!cart.hasShortStock && <GoToCart />}>
              {REMOVE_UNAVAILABLE}
            </Notice>
          )}
          {cart.hasShortStock && (
            <Notice status="warning" action={<GoToCart />}>
              {LOWER_SHORT_LINES}
            </Notice>
          )}
          {/* The ARIA accordion pattern: each button inside its heading, not a heading inside a button. */}
          <Accordion.Root multiple defaultValue={['summary', 'shipping']} variant="enclosed">
            <Accordion.Item value="summary">
              <Heading as="h2" size="md">
                <Accordion.ItemTrigger fontSize="inherit" fontWeight="inherit" _focusVisible={INSIDE_FOCUS_RING}>
                  <Text flex="1" textAlign="start">
                    Order Summary
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
              </Heading>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <OrderSummarySection />
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
            <Accordion.Item value="shipping">
              <Heading as="h2" size="md">
                <Accordion.ItemTrigger fontSize="inherit" fontWeight="inherit" _focusVisible={INSIDE_FOCUS_RING}>
                  <Text flex="1" textAlign="start">
                    Shipping & Payment
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
              </Heading>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <Elements
                    stripe={stripePromise}
                    options={{ mode: 'payment', amount: Math.round(cart.total * 100), currency: 'usd' }}
                  >
                    <CheckoutForm
                      cardAvailable={cardAvailable}
                      onChooseCard={chooseCard}
                      cardReady={Boolean(stripePromise)}
                      cardFailed={cardFailed}
                      onPaidNotPlaced={setPaid}
                      onRefused={setRefusedAs}
                      onUnanswered={setUnanswered}
                    />
                  </Elements>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          </Accordion.Root>
        </Stack>
      )}
    </Stack>
  );
}
