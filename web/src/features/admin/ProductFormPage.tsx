import { useMemo, useState } from 'react';
import { Button, Checkbox, Heading, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LuArrowLeft } from 'react-icons/lu';
import { graphql } from '../../gql';
import type { ProductFormPageQuery } from '../../gql/graphql';
import { FormField, FormikField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { FormActions } from '../../components/FormActions';
import { isRefusal, serverMessage, logFailure, useLoggedFailure } from '../../lib/errors';
import type { NoticeState } from '../../lib/location-notice';
import { evictRootFields } from '../../lib/evict';
import { priceFieldValue } from '../../lib/money';
import { ImagePicker } from './ImagePicker';
import { useBackToShopPath, useProductLinkState } from '../shop/shop-return';
import { useImageMaxBytes } from './upload-limits';
import {
  CATEGORIES,
  MAX_IMAGES,
  NEW_PRODUCT,
  PLATFORMS,
  productFormSchema,
  type FormImage,
  type ProductFormValues,
} from './product-form-schema';
import { Loading } from '../../components/Loading';
import { LoadFailed } from '../../components/LoadFailed';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { useDiscardGuard } from '../../lib/use-discard-guard';
import { useCreationKey } from '../../lib/creation-key';

const ProductFormPageQuery = graphql(`
  query ProductFormPage($id: ID!) {
    product(id: $id) {
      id
      name
      description
      price
      discount
      amount
      category
      platform
      brand
      isFeatured
      rating
      images {
        id
        smallUrl
      }
    }
  }
`);

const ProductFormCreate = graphql(`
  mutation ProductFormCreate($input: CreateProductInput!, $images: [Upload!]) {
    createProduct(input: $input, images: $images) {
      id
    }
  }
`);

const ProductFormUpdate = graphql(`
  mutation ProductFormUpdate($id: ID!, $input: UpdateProductInput!, $images: [Upload!]) {
    updateProduct(id: $id, input: $input, images: $images) {
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
      isFeatured
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

/** Cached lists a product change makes stale. */
const PRODUCT_LISTS = ['products', 'featuredProducts'];

type Product = NonNullable<ProductFormPageQuery['product']>;

function valuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: priceFieldValue(product.price),
    discount: product.discount,
    amount: product.amount,
    category: product.category,
    platform: product.platform,
    brand: product.brand ?? '',
    isFeatured: product.isFeatured,
    rating: product.rating,
    images: product.images.map((i): FormImage => ({ kind: 'kept', id: i.id, src: i.smallUrl })),
  };
}

function Select<T extends string>({
  value,
  options,
  onChange,
  name,
}: {
  value: T;
  options: T[];
  onChange: (value: T) => void;
  name: string;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The product fields as the API takes them, from the form's values. */
function fieldsOf(values: ProductFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    discount: Number(values.discount || 0),
    amount: Number(values.amount),
    category: values.category,
    platform: values.platform,
    brand: values.brand.trim(),
    isFeatured: values.isFeatured,
    rating: Number(values.rating || 0),
  };
}

function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  // Opened from the shop's view (through a product page, or its Add product): saved or left, back to that view.
  const backToShop = useBackToShopPath();
  const shopView = useProductLinkState();
  const [create] = useMutation(ProductFormCreate, { update: evictRootFields(PRODUCT_LISTS) });
  const [update] = useMutation(ProductFormUpdate, { update: evictRootFields(PRODUCT_LISTS) });
  const [submitError, setSubmitError] = useState<string>();
  const [imageError, setImageError] = useState<string>();
  const imageMaxBytes = useImageMaxBytes();
  const { key: creationKey, renew: renewKey } = useCreationKey();
  const initialValues = useMemo(() => (product ? valuesOf(product) : NEW_PRODUCT), [product]);

  const form = useFormik<ProductFormValues>({
    initialValues,
    validationSchema: productFormSchema,
    onSubmit: async (values) => {
      setSubmitError(undefined);
      const fields = fieldsOf(values);
      const files = values.images.flatMap((i) => (i.kind === 'new' ? [i.file] : []));
      try {
        if (product) {
          const kept = new Set(values.images.flatMap((i) => (i.kind === 'kept' ? [i.id] : [])));
          const removedImageIds = product.images.filter((i) => !kept.has(i.id)).map((i) => i.id);
          // Only what this form changed: units sold (or another admin's edit) since it opened are not written back.
          const before = fieldsOf(initialValues);
          const changed = Object.fromEntries(
            Object.entries(fields).filter(([key, value]) => before[key as keyof typeof before] !== value),
          );
          // With the form's key: an edit sent again after a lost answer adds its new images no second time.
          await update({
            variables: {
              id: product.id,
              input: { ...changed, removedImageIds, updateKey: creationKey },
              images: files,
            },
          });
        } else {
          // Sent again after a failure with the same key: a first try whose answer was lost made the product.
          await create({
            variables: { input: { ...fields, brand: fields.brand || undefined, creationKey }, images: files },
          });
        }
        const state: NoticeState = {
          notice: product ? 'Product updated successfully' : 'Product created successfully',
        };
        await navigate(backToShop, { state });
      } catch (e) {
        logFailure('Product submit failed', e);
        setSubmitError(serverMessage(e) ?? 'Please try again.');
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  useDiscardGuard(form.dirty && !form.isSubmitting);

  const imagesError = imageError ?? (form.submitCount > 0 ? (form.errors.images as string | undefined) : undefined);
  const back = product ? `/products/${product.id}` : backToShop;

  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Button asChild variant="ghost" size="sm" alignSelf="start">
        <RouterLink to={back} state={shopView}>
          <LuArrowLeft /> Back
        </RouterLink>
      </Button>
      <Heading as="h1" size="2xl">
        {product ? 'Edit product' : 'Add product'}
      </Heading>
      <form
        ref={formRef}
        onSubmit={(e) => {
          // A refused pick added nothing: what the images lack now is the form's to say ("Please upload at least one
          // image."), not the last pick's ("At most 5 images.").
          setImageError(undefined);
          form.handleSubmit(e);
        }}
        noValidate
        aria-label="Product form"
      >
        <Stack gap="5">
          {submitError && (
            <Notice status="error" title="Submission failed" reveal>
              {submitError}
            </Notice>
          )}
          <FormikField form={form} name="name" label="Name" />
          <FormField label="Description" error={form.errors.description} touched={form.touched.description}>
            <Textarea rows={5} {...form.getFieldProps('description')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="5">
            <FormikField form={form} name="price" label="Price (USD)" type="number" min={0} step={0.01} />
            <FormikField form={form} name="discount" label="Discount (%)" type="number" min={0} max={100} step={1} />
            <FormikField form={form} name="amount" label="Amount in stock" type="number" min={0} step={1} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <FormField label="Category">
              <Select
                name="category"
                value={form.values.category}
                options={CATEGORIES}
                onChange={(v) => void form.setFieldValue('category', v)}
              />
            </FormField>
            <FormField label="Platform">
              <Select
                name="platform"
                value={form.values.platform}
                options={PLATFORMS}
                onChange={(v) => void form.setFieldValue('platform', v)}
              />
            </FormField>
            <FormikField form={form} name="brand" label="Brand" />
            <FormikField form={form} name="rating" label="Rating (0 to 5)" type="number" min={0} max={5} step={0.5} />
          </SimpleGrid>
          <Checkbox.Root
            checked={form.values.isFeatured}
            onCheckedChange={(e) => void form.setFieldValue('isFeatured', e.checked === true)}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Featured on the home page</Checkbox.Label>
          </Checkbox.Root>
          <ImagePicker
            label="Images"
            images={form.values.images}
            max={MAX_IMAGES}
            maxBytes={imageMaxBytes}
            error={imagesError}
            onError={setImageError}
            onChange={(images) => {
              // Other images are another edit: one sent before with the key must not stand for them.
              if (product) renewKey();
              void form.setFieldValue('images', images);
            }}
            // Spec §5: the last remaining image stays, on a new product as on a saved one (add another to swap it).
            canRemove={() => {
              if (form.values.images.length <= 1) {
                setImageError('At least 1 image is required.');
                return false;
              }
              return true;
            }}
          />
          <FormActions
            submit={product ? 'Update product' : 'Create product'}
            submitting={form.isSubmitting}
            cancelTo={back}
            cancelState={shopView}
          />
        </Stack>
      </form>
    </Stack>
  );
}

/** /products/create and /products/edit/{id} (admin only). */
export function ProductFormPage() {
  const { id } = useParams();
  const { data, loading, error, refetch } = useQuery(ProductFormPageQuery, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  useLoggedFailure('Product fetch failed', error);
  if (!id) return <ProductForm />;
  if (loading && !data) {
    return <Loading label="Loading product" />;
  }
  // Not answered (the network, a server restarting) is not "not found": the admin can ask again without a reload.
  if (error && !isRefusal(error)) {
    return <LoadFailed message="Failed to load the product." onRetry={() => refetch()} />;
  }
  if (!data?.product) {
    return (
      <Stack align="center" py="16" gap="4">
        <Heading as="h1" size="2xl">
          Product not found
        </Heading>
        <Button asChild variant="outline">
          <RouterLink to="/shop">Back to Shop</RouterLink>
        </Button>
      </Stack>
    );
  }
  return <ProductForm key={data.product.id} product={data.product} />;
}
