import type { MockLink } from '@apollo/client/testing';
import { ServerCartQuery } from '../features/cart/server-cart';

/** A line of a mocked server cart: `amount` is the product's stock as the server reports it. */
type MockedLine = { productId: string; name: string; unitPrice: number; quantity: number; amount: number };

/** The server's answer to the signed-in cart query, with its totals as the server computes them (spec §9). */
export function serverCartResponse(lines: MockedLine[]): MockLink.MockedResponse {
  // Like the server: a line out of stock is listed but not priced.
  const lineTotal = (line: MockedLine) => (line.amount < 1 ? 0 : line.unitPrice * line.quantity);
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
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
          items: lines.map((line, i) => ({
            __typename: 'CartItem',
            id: `l${i + 1}`,
            productId: line.productId,
            name: line.name,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            lineTotal: lineTotal(line),
            product: { __typename: 'Product', id: line.productId, name: line.name, amount: line.amount, images: [] },
          })),
        },
      },
    },
  };
}
