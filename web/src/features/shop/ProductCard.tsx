import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, HStack, Image, LinkBox, LinkOverlay, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuShoppingCart } from 'react-icons/lu';
import { graphql } from '../../gql';
import type { ProductCard_ProductFragment } from '../../gql/graphql';
import { formatPrice } from '../../lib/money';
import { cartProductOf, useAddToCart } from '../cart/use-add-to-cart';
import { logFailure } from '../../lib/errors';
import { useFocusBack } from '../../lib/use-focus-back';
import { useProductLinkState } from './shop-return';

export const ProductCardFragment = graphql(`
  fragment ProductCard_product on Product {
    id
    name
    price
    salePrice
    discount
    amount
    inStock
    platform
    images {
      id
      smallUrl
    }
  }
`);

/** The small image variant is 480 px wide; cards show it at a fixed 4:3 box so nothing shifts. */
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;

/**
 * The Add to Cart button: disabled when out of stock (spec §5) or while an add runs. The second click of a double
 * click adds nothing: a guest's add is over before it lands, so it would put a second unit in the cart; clicks apart
 * (and Enter or Space, which count no clicks) each add one. The keyboard's focus comes back to it after an add.
 */
export function AddToCartButton({
  inStock,
  onClick,
  busy,
  size = 'sm',
  children = 'Add to Cart',
}: {
  inStock: boolean;
  onClick?: () => void;
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
}) {
  const ref = useFocusBack<HTMLButtonElement>(busy === true);
  return (
    <Button
      ref={ref}
      colorPalette="brand"
      size={size}
      width="full"
      disabled={!inStock || busy}
      onClick={(event) => {
        if (event.detail <= 1) onClick?.();
      }}
      position="relative"
      zIndex="1"
    >
      <LuShoppingCart /> {children}
    </Button>
  );
}

/** A card's own Add to Cart: its failures are only logged (spec §8, shop add to cart). */
function CardAddToCart({ product }: { product: ProductCard_ProductFragment }) {
  const { add, adding, label } = useAddToCart();
  return (
    <AddToCartButton
      inStock={product.inStock}
      busy={adding}
      onClick={() => void add(cartProductOf(product)).catch((e: unknown) => logFailure('Add to cart failed', e))}
    >
      {label}
    </AddToCartButton>
  );
}

/**
 * Price with 2 decimals; the list price struck through beside the sale price when discounted, and said to be the old
 * one (screen readers do not say that text is struck through, and an aria-label on <s> is not read).
 */
export function ProductPrice({
  product,
  size = 'lg',
}: {
  product: Pick<ProductCard_ProductFragment, 'price' | 'salePrice' | 'discount'>;
  size?: 'lg' | '2xl';
}) {
  return (
    <HStack gap="2" align="baseline" flexWrap="wrap">
      <Text fontWeight="bold" fontSize={size}>
        {formatPrice(product.salePrice)}
      </Text>
      {product.discount > 0 && (
        <>
          <Text as="s" color="fg.muted" fontSize="sm">
            <VisuallyHidden>Was </VisuallyHidden>
            {formatPrice(product.price)}
          </Text>
          <Badge colorPalette="accent" variant="solid">
            -{product.discount}%
          </Badge>
        </>
      )}
    </HStack>
  );
}

/** A product in a grid: image, name, price and an Add to Cart area; the whole card links to its page. */
export function ProductCard({ product, addToCart }: { product: ProductCard_ProductFragment; addToCart?: ReactNode }) {
  const image = product.images[0];
  const linkState = useProductLinkState();
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        variant="elevated"
        width={{ base: '250px', sm: 'auto' }}
        mx={{ base: 'auto', sm: '0' }}
        transition="transform 0.15s"
        _hover={{ transform: 'translateY(-2px)' }}
      >
        <Box bg="bg.muted" aspectRatio="4 / 3">
          {/* Decorative: the product's name follows as the card's link, which an alt would only repeat. */}
          {image && (
            <Image
              src={image.smallUrl}
              alt=""
              loading="lazy"
              decoding="async"
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              w="full"
              h="full"
              objectFit="cover"
            />
          )}
        </Box>
        <Card.Body gap="2" p="4">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {product.platform}
          </Text>
          <LinkOverlay asChild>
            <RouterLink to={`/products/${product.id}`} state={linkState}>
              <Card.Title fontSize="md" lineClamp={2}>
                {product.name}
              </Card.Title>
            </RouterLink>
          </LinkOverlay>
          <ProductPrice product={product} />
          {!product.inStock && (
            <Text fontSize="sm" color="fg.error">
              Out of stock
            </Text>
          )}
        </Card.Body>
        <Card.Footer p="4" pt="0">
          {addToCart ?? <CardAddToCart product={product} />}
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
