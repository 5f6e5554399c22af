import type { MockLink } from '@apollo/client/testing';
import { ServerCartQuery } from '../features/cart/server-cart';

/** A line of a mocked server cart: `amount` is the product's stock as the server reports it. */
type MockedLine = { productId: string; name: string; unitPrice: number; quantity: number; amount: number };

/** The server's answer to the signed-in cart query, with its totals as the server computes them (spec §9). */
export function serverCartResponse(lines: MockedLine[]): MockLink.MockedResponse {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const tax = subtotal / 10;
  const shipping = lines.length ? 5 : 0;
  return {
    request: { query: ServerCartQuery },
    result: {
      data: {
        cart: {
          __typename: 'Cart',
          id: 'c1',
          itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
          subtotal,
          tax,
          shipping,
          cartTotal: subtotal + tax,
          total: subtotal + tax + shipping,
          items: lines.map(({ productId, name, unitPrice, quantity, amount }, i) => ({
            __typename: 'CartItem',
            id: `l${i + 1}`,
            productId,
            name,
            quantity,
            unitPrice,
            lineTotal: unitPrice * quantity,
            product: { __typename: 'Product', id: productId, name, amount, images: [] },
          })),
        },
      },
    },
  };
}
