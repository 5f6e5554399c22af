import { useMemo, useState } from 'react';
import { Button, Heading, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LuArrowLeft } from 'react-icons/lu';
import { graphql } from '../../gql';
import type { BarCategory, BarItemFormPageQuery } from '../../gql/graphql';
import { FormField, FormikField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { FormActions } from '../../components/FormActions';
import { isRefusal, serverMessage, logFailure, useLoggedFailure } from '../../lib/errors';
import { LoadFailed } from '../../components/LoadFailed';
import type { NoticeState } from '../../lib/location-notice';
import { evictRootFields } from '../../lib/evict';
import { priceFieldValue } from '../../lib/money';
import { priceRule, textRule } from './product-form-schema';
import { useImageMaxBytes } from './upload-limits';
import { ImagePicker } from './ImagePicker';
import type { FormImage } from './product-form-schema';
import { Loading } from '../../components/Loading';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { useDiscardGuard } from '../../lib/use-discard-guard';
import { useCreationKey } from '../../lib/creation-key';

const BarItemFormPageQuery = graphql(`
  query BarItemFormPage($id: ID!) {
    barItem(id: $id) {
      id
      name
      description
      price
      category
      image
      imageSmall
    }
  }
`);

const BarItemFormCreate = graphql(`
  mutation BarItemFormCreate($input: CreateBarItemInput!, $image: Upload) {
    createBarItem(input: $input, image: $image) {
      id
    }
  }
`);

const BarItemFormUpdate = graphql(`
  mutation BarItemFormUpdate($id: ID!, $input: UpdateBarItemInput!, $image: Upload) {
    updateBarItem(id: $id, input: $input, image: $image) {
      id
      name
      description
      price
      category
      image
      imageSmall
    }
  }
`);

const BAR_CATEGORIES: BarCategory[] = ['Beverage', 'Snack', 'Cocktail', 'Meal', 'Other'];

type BarItem = NonNullable<BarItemFormPageQuery['barItem']>;

type BarItemFormValues = {
  name: string;
  description: string;
  price: number | string;
  category: BarCategory;
  images: FormImage[];
};

/** Spec §5: name and price required; description and image optional. */
const barItemSchema = yup.object({
  name: textRule('Name', 120).required('Name is required.'),
  description: textRule('Description', 2000),
  price: priceRule(10_000),
});

function BarItemForm({ item }: { item?: BarItem }) {
  const navigate = useNavigate();
  const [create] = useMutation(BarItemFormCreate, { update: evictRootFields(['barItems']) });
  const [update] = useMutation(BarItemFormUpdate, { update: evictRootFields(['barItems']) });
  const [submitError, setSubmitError] = useState<string>();
  const [imageError, setImageError] = useState<string>();
  const imageMaxBytes = useImageMaxBytes();
  const { key: creationKey } = useCreationKey();
  const initialValues = useMemo<BarItemFormValues>(
    () => ({
      name: item?.name ?? '',
      description: item?.description ?? '',
      price: item ? priceFieldValue(item.price) : '',
      category: item?.category ?? 'Beverage',
      images: item?.imageSmall ? [{ kind: 'kept', id: item.id, src: item.imageSmall }] : [],
    }),
    [item],
  );

  const form = useFormik<BarItemFormValues>({
    initialValues,
    validationSchema: barItemSchema,
    onSubmit: async (values) => {
      setSubmitError(undefined);
      const fields = {
        name: values.name.trim(),
        description: values.description.trim(),
        price: Number(values.price),
        category: values.category,
      };
      const picked = values.images.find((i) => i.kind === 'new');
      const image = picked?.kind === 'new' ? picked.file : undefined;
      try {
        if (item) {
          const removeImage = Boolean(item.imageSmall) && values.images.length === 0;
          await update({ variables: { id: item.id, input: { ...fields, removeImage }, image } });
        } else {
          // Sent again after a failure with the same key: a first try whose answer was lost made the item.
          await create({ variables: { input: { ...fields, creationKey }, image } });
        }
        const state: NoticeState = {
          notice: item ? 'Bar item updated successfully!' : 'Bar item added successfully!',
        };
        await navigate('/menu', { state });
      } catch (e) {
        logFailure('Bar item submit failed', e);
        setSubmitError(serverMessage(e) ?? 'Please try again.');
      }
    },
  });
  const formRef = useFocusFirstInvalid(form);
  useDiscardGuard(form.dirty && !form.isSubmitting);

  return (
    <Stack gap="6" maxW="2xl" mx="auto" w="full">
      <Button asChild variant="ghost" size="sm" alignSelf="start">
        <RouterLink to="/menu">
          <LuArrowLeft /> Back
        </RouterLink>
      </Button>
      <Heading as="h1" size="2xl">
        {item ? 'Edit Item' : 'Add Item'}
      </Heading>
      <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-label="Bar item form">
        <Stack gap="5">
          {submitError && (
            <Notice status="error" title="Failed to submit bar item" reveal>
              {submitError}
            </Notice>
          )}
          <FormikField form={form} name="name" label="Name" />
          <FormField label="Description" error={form.errors.description} touched={form.touched.description}>
            <Textarea rows={3} {...form.getFieldProps('description')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <FormikField form={form} name="price" label="Price (USD)" type="number" min={0} step={0.01} />
            <FormField label="Category">
              <NativeSelect.Root>
                <NativeSelect.Field {...form.getFieldProps('category')}>
                  {BAR_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
          <ImagePicker
            label="Image"
            images={form.values.images}
            max={1}
            maxBytes={imageMaxBytes}
            error={imageError}
            onError={setImageError}
            onChange={(images) => void form.setFieldValue('images', images)}
          />
          <FormActions submit={item ? 'Update Item' : 'Add Item'} submitting={form.isSubmitting} cancelTo="/menu" />
        </Stack>
      </form>
    </Stack>
  );
}

/** /bar/create and /bar/edit/{id} (admin only). */
export function BarItemFormPage() {
  const { id } = useParams();
  const { data, loading, error, refetch } = useQuery(BarItemFormPageQuery, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  useLoggedFailure('Bar item load failed', error);
  if (!id) return <BarItemForm />;
  if (loading && !data) {
    return <Loading label="Loading item" />;
  }
  if (error || !data?.barItem) {
    // The spec's words either way; one that was not answered (the network, a server restarting) can be asked again.
    return (
      <Stack gap="4" maxW="2xl" mx="auto" w="full">
        {error && !isRefusal(error) ? (
          <LoadFailed message="Failed to add bar item" onRetry={() => refetch()} />
        ) : (
          <Notice status="error">Failed to add bar item</Notice>
        )}
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to="/menu">Back</RouterLink>
        </Button>
      </Stack>
    );
  }
  return <BarItemForm key={data.barItem.id} item={data.barItem} />;
}
