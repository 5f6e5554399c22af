import { PagePlaceholder } from '../components/PagePlaceholder';

/** Screens the route table promises whose features are still to be built. */
export const CartPage = () => <PagePlaceholder title="Your Shopping Cart" />;
export const CheckoutPage = () => <PagePlaceholder title="Checkout" />;
export const ThankYouPage = () => <PagePlaceholder title="Thank you for your order!" />;
