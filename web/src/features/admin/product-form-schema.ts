import * as yup from 'yup';
import type { ProductCategory, ProductPlatform } from '../../gql/graphql';
import { formatWholeDollars, isWholeCents, WHOLE_CENTS_MESSAGE } from '../../lib/money';

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

/**
 * A product's or bar item's price (spec §5): given, at least 0, in whole cents and at most `max` dollars, as the API
 * takes it (and words it).
 */
export const priceRule = (max: number) =>
  yup
    .number()
    .typeError('Price is required.')
    .required('Price is required.')
    .min(0, 'Price is required.')
    .max(max, `Price must be at most ${formatWholeDollars(max)}.`)
    .test('whole-cents', WHOLE_CENTS_MESSAGE, (value) => value === undefined || isWholeCents(value));

/**
 * Text of at most `max` characters, counted as the API counts them (an emoji is one character), with the API's words:
 * a form refuses what the server would, before sending it.
 */
export const textRule = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .test('max-chars', `${label} must be at most ${max} characters.`, (v) => v == null || Array.from(v).length <= max);

/** Spec §5 product form rules and messages. */
export const productFormSchema = yup.object({
  name: textRule('Name', 120).required('Name is required.'),
  description: textRule('Description', 5000).required('Description is required.'),
  price: priceRule(100_000),
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
    .min(0, 'Amount required.')
    .max(1_000_000, 'Amount must be at most 1,000,000.'),
  brand: textRule('Brand', 80),
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
