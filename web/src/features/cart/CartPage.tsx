import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  Grid,
  Heading,
  HStack,
  IconButton,
  Link,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuTrash2 } from 'react-icons/lu';
import { LiveArea, Notice, NoticeAction } from '../../components/Notice';
import { serverMessage, logFailure } from '../../lib/errors';
import { formatPrice } from '../../lib/money';
import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from './cart-math';
import {
  CART_LOAD_FAILED,
  isSoldOut,
  LOWER_SHORT_LINES,
  NO_LONGER_AVAILABLE,
  REMOVE_UNAVAILABLE,
  type CartLine,
} from './cart-line';
import { LoadFailed } from '../../components/LoadFailed';
import { useCart, useCartActions, useCartRefreshOnOpen } from './use-cart';
import { CartSummary } from './CartSummary';
import { ProductThumbnail } from './ProductThumbnail';
import { CartEmpty } from './CartEmpty';
import { Loading } from '../../components/Loading';
import { useFocusBack } from '../../lib/use-focus-back';
import { useFocusFallback } from '../../lib/use-focus-fallback';
import { announce } from '../../lib/announce';
import { useCurrentUser } from '../../lib/auth';

/** What a line may be set to: 1 to 3, never above the stock (unless it already is). */
function quantityChoices(line: CartLine): number[] {
  const max = Math.max(MIN_CART_QUANTITY, Math.min(MAX_CART_QUANTITY, Math.max(line.stock, line.quantity)));
  return Array.from({ length: max }, (_, i) => i + MIN_CART_QUANTITY);
}

/** Runs a line's change; on success says `done`, with the total the cart then comes to. */
type Run = (action: () => Promise<void>, done: string, failure?: string) => Promise<void>;

/**
 * Says a line's change once the cart shows it (WCAG 4.1.3): what changed and the cart's new total, which the reader is
 * not on, or that the cart is now empty. The change's answer is in the cart before `say` is called, so the render
 * that `say` asks for is one with the new total.
 */
function useSayCartChange(total: number, empty: boolean) {
  const pending = useRef<string>(undefined);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const done = pending.current;
    if (!done) return;
    pending.current = undefined;
    announce(`${done} ${empty ? 'Your cart is empty.' : `Cart total ${formatPrice(total)}.`}`);
  }, [asked, total, empty]);
  return (done: string) => {
    pending.current = done;
    setAsked((n) => n + 1);
  };
}

/** The quantity select (1..3, never above the stock) and the line total of a product still sold. */
function LineQuantity({ line, busy, run }: { line: CartLine; busy: boolean; run: Run }) {
  const cart = useCartActions();
  const ref = useFocusBack<HTMLSelectElement>(busy);
  return (
    <>
      <NativeSelect.Root size="sm" width="20" disabled={busy}>
        <NativeSelect.Field
          ref={ref}
          aria-label={`Quantity of ${line.name}`}
          value={line.quantity}
          onChange={(e) =>
            void run(
              () => cart.setQuantity(line.productId, Number(e.target.value)),
              `Quantity of ${line.name} set to ${e.target.value}.`,
              'Error updating quantity',
            )
          }
        >
          {quantityChoices(line).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text fontWeight="bold" minW="24" textAlign="right" fontVariantNumeric="tabular-nums">
        {formatPrice(line.lineTotal)}
      </Text>
    </>
  );
}

function CartLineRow({
  line,
  onError,
  say,
}: {
  line: CartLine;
  onError: (message: string | undefined) => void;
  say: (done: string) => void;
}) {
  const cart = useCartActions();
  const [busy, setBusy] = useState(false);
  const run: Run = async (action, done, failure) => {
    setBusy(true);
    onError(undefined);
    try {
      await action();
      say(done);
    } catch (e) {
      logFailure('Cart update failed', e);
      // The cart is read again after a failed change (serverCart): a line refused for a stock that went down since
      // the cart was loaded shows what is left, and a change whose answer was lost shows what the server made of it.
      if (failure) onError(serverMessage(e) ?? failure);
    } finally {
      setBusy(false);
    }
  };
  const removeRef = useFocusBack<HTMLButtonElement>(busy);
  return (
    <HStack as="li" gap={{ base: '3', md: '4' }} py="4" borderBottomWidth="1px" align="center" flexWrap="wrap">
      <ProductThumbnail src={line.imageUrl} width={{ base: '16', md: '20' }} />
      <Stack gap="1" flex="1" minW="40">
        {line.available ? (
          // anywhere: a name of one long word wraps rather than widening the page
          <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere">
            <RouterLink to={`/products/${line.productId}`}>{line.name}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {line.name}
          </Text>
        )}
        <Text fontSize="sm" color={line.available ? 'fg.muted' : 'fg.error'}>
          {line.available ? `${formatPrice(line.unitPrice)} each` : NO_LONGER_AVAILABLE}
        </Text>
        {line.stockNote && (
          <Text fontSize="sm" fontWeight="semibold" color={isSoldOut(line) ? 'fg.error' : 'fg.warning'}>
            {line.stockNote}
          </Text>
        )}
      </Stack>
      <HStack gap="3" ml="auto">
        {line.available && !isSoldOut(line) && <LineQuantity line={line} busy={busy} run={run} />}
        <IconButton
          ref={removeRef}
          aria-label={`Remove ${line.name}`}
          variant="ghost"
          colorPalette="red"
          size="sm"
          disabled={busy}
          onClick={() => void run(() => cart.remove(line.productId), `${line.name} removed from the cart.`)}
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
    </HStack>
  );
}

/** What Undo puts back after Clear Cart: the lines that could be bought (a deleted or sold-out product cannot be). */
function restorable(lines: CartLine[]): CartLine[] {
  return lines.filter((line) => line.available && !isSoldOut(line));
}

/** Why a line Clear Cart took is not one Undo puts back. */
function notPutBack(line: CartLine): string {
  return `${line.name} was not put back: ${isSoldOut(line) ? 'it was sold out' : 'it was no longer available'}.`;
}

/**
 * What Clear Cart took, for Undo: the lines it puts back, what it leaves out and says why (lines that could not be
 * bought), and whose cart it was (the user's id; null for a guest's).
 */
type Cleared = { owner: string | null; lines: CartLine[]; left: string[] };

/**
 * Clear Cart at once (the spec asks nothing first), then "Cart cleared." with an Undo that adds the lines back, each
 * at most at what is left of its stock now, and names those it could not (not buyable at the clear). The notice stays
 * until the cart has lines again, or the page is left, or another account is signed in (their cart is not the one
 * cleared).
 */
function useClearWithUndo(lines: CartLine[], onError: (message: string | undefined) => void) {
  const cart = useCartActions();
  const owner = useCurrentUser()?.id ?? null;
  const [cleared, setCleared] = useState<Cleared>();
  const [restoring, setRestoring] = useState(false);
  // Lines again, added in another tab (not put back here): what was cleared is no longer what Undo would undo. Set
  // as the render sees the lines come, as React advises for state that follows a prop.
  const refilled = lines.length > 0;
  const [wasRefilled, setWasRefilled] = useState(refilled);
  if (refilled !== wasRefilled) {
    setWasRefilled(refilled);
    if (refilled && !restoring) setCleared(undefined);
  }
  const undoable = cleared?.owner === owner ? cleared : undefined;
  const clear = async () => {
    const before = restorable(lines);
    const left = lines.filter((line) => !before.includes(line)).map(notPutBack);
    onError(undefined);
    try {
      await cart.clear();
      setCleared(before.length > 0 ? { owner, lines: before, left } : undefined);
    } catch (e) {
      logFailure('Clear cart failed', e);
    }
  };
  const undo = async () => {
    if (!undoable) return;
    setRestoring(true);
    onError(undefined);
    const said: string[] = [];
    const unanswered: CartLine[] = [];
    for (const line of undoable.lines) {
      const product = {
        _id: line.productId,
        name: line.name,
        salePrice: line.unitPrice,
        amount: line.stock,
        imageUrl: line.imageUrl,
      };
      try {
        const { added } = await cart.add(product, line.quantity);
        if (added === 0) said.push(`${line.name} could not be put back: none are left.`);
        else if (added < line.quantity) said.push(`Only ${added} of ${line.quantity} ${line.name} went back.`);
      } catch (e) {
        logFailure('Undo clear cart failed', e);
        const refused = serverMessage(e);
        if (refused) said.push(refused);
        else unanswered.push(line);
      }
    }
    setRestoring(false);
    // A line whose add went unanswered may be tried again; one the server refused would only be refused again.
    // What was left out is said once, after the lines that went back.
    said.push(...undoable.left);
    setCleared(unanswered.length > 0 ? { owner, lines: unanswered, left: [] } : undefined);
    if (unanswered.length > 0)
      said.push(`${unanswered.map((line) => line.name).join(', ')}: not put back yet. Press Undo to try again.`);
    if (said.length > 0) onError(said.join(' '));
    else announce('Cart restored.'); // Undo took its own button away: what it did is said
  };
  return { cleared: Boolean(undoable), restoring, clear, undo };
}

/** /cart: the lines with quantity 1..3 and remove, and a summary whose total is subtotal + tax. */
export function CartPage() {
  const cart = useCart();
  const [error, setError] = useState<string>();
  const { cleared, restoring, clear, undo } = useClearWithUndo(cart.lines, setError);
  const say = useSayCartChange(cart.cartTotal, cart.lines.length === 0);
  useCartRefreshOnOpen();
  // A removed line takes its Remove button with it, and Clear Cart takes every line: the cart keeps the keyboard.
  const ref = useFocusFallback<HTMLElement>();
  return (
    <Stack ref={ref} tabIndex={-1} outline="none" as="section" aria-labelledby="cart-heading" gap="6">
      <Heading id="cart-heading" as="h1" size="2xl">
        Your Shopping Cart
      </Heading>
      {/* Clear Cart takes its button away (the cart keeps the keyboard): the notice is said by a region already here. */}
      <LiveArea gap="6">
        {cleared && (
          <Notice
            status="success"
            saidElsewhere
            action={
              <NoticeAction aria-label="Undo clearing the cart" loading={restoring} onClick={() => void undo()}>
                Undo
              </NoticeAction>
            }
          >
            Cart cleared.
          </Notice>
        )}
      </LiveArea>
      {cart.loading ? (
        <Loading label="Loading cart" />
      ) : cart.retryLoad ? (
        <LoadFailed message={CART_LOAD_FAILED} onRetry={cart.retryLoad} />
      ) : cart.lines.length === 0 ? (
        <>
          {/* a change refused because the cart was emptied elsewhere (another tab) still says why */}
          {error && <Notice status="error">{error}</Notice>}
          <CartEmpty />
        </>
      ) : (
        // minmax(0, …): a column as wide as a line's longest word would push the summary (and the page) wider
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap="8"
          alignItems="start"
        >
          <Stack gap="3">
            {error && <Notice status="error">{error}</Notice>}
            {cart.hasUnavailable && <Notice status="warning">{REMOVE_UNAVAILABLE}</Notice>}
            {cart.hasShortStock && <Notice status="warning">{LOWER_SHORT_LINES}</Notice>}
            <Box as="ul" listStyleType="none" borderTopWidth="1px">
              {cart.lines.map((line) => (
                <CartLineRow key={line.productId} line={line} onError={setError} say={say} />
              ))}
            </Box>
          </Stack>
          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Heading as="h2" size="lg">
                Order Summary
              </Heading>
              <CartSummary subtotal={cart.subtotal} tax={cart.tax} total={cart.cartTotal} />
              <Button asChild colorPalette="brand" size="lg">
                <RouterLink to="/checkout">Proceed to Checkout</RouterLink>
              </Button>
              <HStack>
                {/* not while Undo puts lines back: those after this clear would fill the cart again */}
                <Button variant="outline" colorPalette="red" flex="1" disabled={restoring} onClick={() => void clear()}>
                  Clear Cart
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        </Grid>
      )}
    </Stack>
  );
}
