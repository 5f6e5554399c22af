import { useState } from 'react';
import { Badge, Box, Button, Field, Grid, Heading, HStack, Input, RatingGroup, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LuArrowLeft, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { graphql } from '../../gql';
import { Notice } from '../../components/Notice';
import { useCurrentUser } from '../../lib/auth';
import type { NoticeState } from '../../lib/location-notice';
import { serverMessage, logFailure, useLoggedFailure } from '../../lib/errors';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { cartProductOf, useAddToCart } from '../cart/use-add-to-cart';
import { AddToCartButton, ProductPrice } from '../shop/ProductCard';
import { useBackToShopPath, useProductLinkState } from '../shop/shop-return';
import { ProductCarousel } from './ProductCarousel';
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from './quantity';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../lib/page-title';

export const ProductPageQuery = graphql(`
  query ProductPage($id: ID!) {
    product(id: $id) {
      id
      name
      description
      price
      salePrice
      discount
      amount
      inStock
      category
      platform
      brand
      rating
      images {
        id
        url
        smallUrl
        width
        height
      }
    }
  }
`);

const ProductPageDelete = graphql(`
  mutation ProductPageDelete($id: ID!) {
    deleteProduct(id: $id)
  }
`);

export const DELETE_PROMPT = 'Are you sure you want to delete this product?';

function NotFound({ isAdmin }: { isAdmin: boolean }) {
  const backToShop = useBackToShopPath();
  return (
    <Stack align="center" gap="4" py="16" textAlign="center">
      <Heading as="h1" size="2xl">
        Product not found
      </Heading>
      <HStack gap="3">
        <Button asChild variant="outline">
          <RouterLink to={backToShop}>
            <LuArrowLeft /> Back to Shop
          </RouterLink>
        </Button>
        {isAdmin && (
          <Button asChild colorPalette="accent">
            <RouterLink to="/products/create">
              <LuPlus /> Add product
            </RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/** One product: carousel, details, quantity and Add to Cart; admins edit or delete it here. */
export function ProductPage() {
  const { productId = '' } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const backToShop = useBackToShopPath();
  const shopView = useProductLinkState();
  const [quantity, setQuantity] = useState(String(MIN_QUANTITY));
  const [deleteError, setDeleteError] = useState<string>();
  const [addError, setAddError] = useState<string>();
  const { add, adding, label: addLabel } = useAddToCart();
  const { data, loading, error, refetch } = useQuery(ProductPageQuery, { variables: { id: productId } });
  useLoggedFailure('Product fetch failed', error);
  // A product that is not there (deleted, a mistyped link) or did not load is said in the tab's title too.
  const notFound = !data?.product && (Boolean(data) || Boolean(error));
  usePageTitle(notFound ? 'Product not found' : data?.product?.name);
  const { busy: deleting, run } = useConfirmedAction();
  const [deleteProduct] = useMutation(ProductPageDelete, {
    update(cache, { data: deleted }) {
      if (!deleted) return;
      cache.evict({ id: cache.identify({ __typename: 'Product', id: deleted.deleteProduct }) });
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'products' });
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'featuredProducts' });
      cache.gc();
    },
  });

  if (loading && !data) {
    return <Loading label="Loading product" />;
  }
  const product = data?.product;
  if (!product) return <NotFound isAdmin={Boolean(user?.isAdmin)} />;

  const onDelete = () =>
    void run(product.id, DELETE_PROMPT, async () => {
      setDeleteError(undefined);
      try {
        await deleteProduct({ variables: { id: product.id } });
        const state: NoticeState = { notice: 'Product deleted successfully' };
        await navigate(backToShop, { state });
      } catch (e) {
        logFailure('Product delete failed', e);
        setDeleteError('Failed to delete product');
      }
    });

  const onAdd = async () => {
    setAddError(undefined);
    const count = parseQuantity(quantity);
    setQuantity(String(count));
    try {
      await add(cartProductOf(product), count);
    } catch (e) {
      logFailure('Add to cart failed', e);
      setAddError(serverMessage(e) ?? 'Error adding item');
      // The add may have been refused for a stock that went down since the page loaded: the product is asked for
      // again, so the page shows what is left (out of stock: the note, Add to Cart disabled) beside the message. A
      // failed fetch is the query's error, logged once above, and the page keeps the product it has.
      void refetch().catch(() => undefined);
    }
  };

  return (
    <Stack gap="6">
      <Button asChild variant="ghost" alignSelf="start" size="sm">
        <RouterLink to={backToShop}>
          <LuArrowLeft /> Back to Shop
        </RouterLink>
      </Button>
      {deleteError && <Notice status="error">{deleteError}</Notice>}
      {/* minmax(0, 1fr): a column as wide as its longest word would push the pictures out (a pasted URL, say) */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }}
        gap={{ base: '6', md: '10' }}
        alignItems="start"
      >
        <ProductCarousel images={product.images} name={product.name} />
        <Stack gap="4">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
            {product.name}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette="brand" variant="subtle" size="lg">
              {product.category}
            </Badge>
            <Badge colorPalette="accent" variant="subtle" size="lg">
              {product.platform}
            </Badge>
          </HStack>
          {product.brand && (
            <Text color="fg.muted" overflowWrap="anywhere">
              Brand: <strong>{product.brand}</strong>
            </Text>
          )}
          <ProductPrice product={product} size="2xl" />
          {/* A picture of the rating, not a control: read-only stars would still be a tab stop named "4 stars" for 3.5. */}
          <Box role="img" aria-label={`Rated ${product.rating} out of 5`} alignSelf="start">
            <RatingGroup.Root count={5} value={product.rating} readOnly allowHalf colorPalette="accent" inert>
              <RatingGroup.Control />
            </RatingGroup.Root>
          </Box>
          <Text whiteSpace="pre-line" overflowWrap="anywhere">
            {product.description}
          </Text>
          {!product.inStock && (
            <Text color="fg.error" fontWeight="semibold">
              This product is currently out of stock.
            </Text>
          )}
          <HStack gap="3" align="end" flexWrap="wrap">
            <Field.Root width="28">
              <Field.Label>Quantity</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={MIN_QUANTITY}
                max={MAX_QUANTITY}
                step={1}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                onBlur={() => setQuantity(String(parseQuantity(quantity)))}
                disabled={!product.inStock}
                aria-describedby={product.inStock ? 'quantity-limit' : undefined}
              />
            </Field.Root>
            <Stack flex="1" minW="40">
              {/* md: the quantity box's height, side by side with it */}
              <AddToCartButton size="md" inStock={product.inStock} busy={adding} onClick={() => void onAdd()}>
                {addLabel}
              </AddToCartButton>
            </Stack>
          </HStack>
          {/* said before a 5 typed in becomes 3, not only once a line is full ('Max 3 per product') */}
          {product.inStock && (
            <Text id="quantity-limit" fontSize="sm" color="fg.muted" mt="-2">
              {`${MIN_QUANTITY} to ${MAX_QUANTITY} per product in your cart.`}
            </Text>
          )}
          {addError && <Notice status="error">{addError}</Notice>}
          {user?.isAdmin && (
            <HStack gap="3" pt="4" borderTopWidth="1px" flexWrap="wrap">
              <Button asChild variant="outline" colorPalette="brand">
                <RouterLink to={`/products/edit/${product.id}`} state={shopView}>
                  <LuPencil /> Edit product
                </RouterLink>
              </Button>
              <Button colorPalette="red" variant="outline" loading={deleting === product.id} onClick={onDelete}>
                <LuTrash2 /> Delete product
              </Button>
            </HStack>
          )}
        </Stack>
      </Grid>
    </Stack>
  );
}
