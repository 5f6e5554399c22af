import * as yup from 'yup';
import type { ProductCategory, ProductPlatform } from '../../gql/graphql';
import { isWholeCents, WHOLE_CENTS_MESSAGE } from '../../lib/money';

export const MAX_IMAGES = 5;
export const CATEGORIES: ProductCategory[] = ['Game', 'Accessory', 'Console', 'Merch', 'Other'];
export const PLATFORMS: ProductPlatform[] = ['PS5', 'PS4', 'PC', 'XBox', 'Other', 'All'];

/** An image in the form: one the product already has, or a file picked now (with its preview URL). */
export type FormImage = { kind: 'kept'; id: string; src: string } | { kind: 'new'; file: File; src: string };

/** Number fields hold '' while empty (formik's number inputs), hence the unions. */
export type ProductFormValues = {
  name: string;
  description: string;
  price: number | string;
  discount: number | '';
  amount: number | '';
  category: ProductCategory;
  platform: ProductPlatform;
  brand: string;
  isFeatured: boolean;
  rating: number | '';
  images: FormImage[];
};

/** A new product's defaults (spec §3). */
export const NEW_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  price: 0,
  discount: 0,
  amount: 0,
  category: 'Other',
  platform: 'Other',
  brand: '',
  isFeatured: false,
  rating: 0,
  images: [],
};

/** A product's or bar item's price (spec §5): given, at least 0, and in whole cents as the API takes it. */
export const priceRule = () =>
  yup
    .number()
    .typeError('Price is required.')
    .required('Price is required.')
    .min(0, 'Price is required.')
    .test('whole-cents', WHOLE_CENTS_MESSAGE, (value) => value === undefined || isWholeCents(value));

/** Spec §5 product form rules and messages. */
export const productFormSchema = yup.object({
  name: yup.string().trim().required('Name is required.'),
  description: yup.string().trim().required('Description is required.'),
  price: priceRule(),
  discount: yup
    .number()
    .typeError('Discount must be between 0 and 100.')
    .integer('Discount must be a whole number.')
    .min(0, 'Discount must be between 0 and 100.')
    .max(100, 'Discount must be between 0 and 100.'),
  amount: yup
    .number()
    .typeError('Amount required.')
    .required('Amount required.')
    .integer('Amount must be a whole number.')
    .min(0, 'Amount required.'),
  rating: yup
    .number()
    .typeError('Rating must be between 0 and 5, in steps of 0.5.')
    .min(0, 'Rating must be between 0 and 5, in steps of 0.5.')
    .max(5, 'Rating must be between 0 and 5, in steps of 0.5.')
    .test(
      'half-steps',
      'Rating must be between 0 and 5, in steps of 0.5.',
      (v) => v == null || Number.isInteger(v * 2),
    ),
  images: yup.array().min(1, 'Please upload at least one image.').max(MAX_IMAGES, `At most ${MAX_IMAGES} images.`),
});

/** Only real image types: what the gateway accepts (it checks the bytes again). */
export function isAcceptedImage(file: File): boolean {
  return ['image/jpeg', 'image/png', 'image/webp', 'image/avif'].includes(file.type);
}
