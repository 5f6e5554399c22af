import {
  IsDefined,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  validate,
  ValidateBy,
  type ValidationError,
} from 'class-validator';
import { badInput } from './errors';

/**
 * Presence and type come before content: a missing or wrongly typed value is answered with its
 * "required"/type message, not with the length or format rule that also failed on it (class-validator
 * lists a property's failed constraints in no useful order).
 */
const CHECKED_FIRST = [
  'isDefined',
  'isNotEmpty',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isEnum',
  'isIn',
  'isUUID',
];

function firstConstraintMessage(constraints: Record<string, string>): string | undefined {
  const first = CHECKED_FIRST.find((name) => name in constraints);
  return first ? constraints[first] : Object.values(constraints)[0];
}

/** The first human message of a class-validator failure, with the field it is about. */
export function firstValidationMessage(
  errors: ValidationError[],
  parent = '',
): { field: string; message: string } | null {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const message = error.constraints && firstConstraintMessage(error.constraints);
    if (message) return { field, message };
    const nested = firstValidationMessage(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/**
 * Validates a plain object (a REST body) against a GraphQL input class, keeping only
 * the declared fields: clients echo whole objects back, and unknown fields are ignored.
 */
export async function parseInput<T extends object>(InputClass: new () => T, raw: unknown): Promise<T> {
  const input = new InputClass();
  if (typeof raw === 'object' && raw !== null) {
    // Never a name the input inherits (`__proto__`, `constructor`, `toString`...): `__proto__` would swap the input's
    // prototype and `constructor` would hide its class, and with it every rule (whitelist would then drop each field).
    for (const [key, value] of Object.entries(raw)) {
      if (!(key in input) || Object.hasOwn(input, key)) (input as Record<string, unknown>)[key] = value;
    }
  }
  const errors = await validate(input, { whitelist: true, forbidUnknownValues: false });
  const first = firstValidationMessage(errors);
  if (first) throw badInput(first.message, first.field);
  return input;
}

/** Several property decorators as one, applied as if each stood on its own line in the order given. */
export function rules(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };
}

/**
 * Something to see: a letter, digit, punctuation mark or symbol (emoji too), but not one Unicode says to draw as
 * nothing (the Hangul fillers, say) nor the blank Braille pattern. Spaces, zero-width and other invisible characters
 * alone leave a field as empty as it looks.
 */
export const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/** Text that must be given and not blank (`message` for either), and at most `max` characters (`tooLong`). */
export const RequiredText = (message: string, max: number, tooLong: string) =>
  rules(
    IsDefined({ message }),
    IsString({ message }),
    Matches(VISIBLE, { message }),
    MaxLength(max, { message: tooLong }),
  );

/**
 * Text that may be left out; when given, text (`notText`: the rule does not know the field's label, so each field
 * says it), at most `max` characters (`tooLong`), and not blank when `blank` says what to answer.
 */
export const OptionalText = (max: number, tooLong: string, says: { notText: string; blank?: string }) =>
  rules(
    IsOptional(),
    IsString({ message: says.notText }),
    ...(says.blank ? [Matches(VISIBLE, { message: says.blank })] : []),
    MaxLength(max, { message: tooLong }),
  );

export const WHOLE_CENTS_MESSAGE = 'Price must be in whole cents.';

/**
 * Within float noise of a whole number of cents: 19.99 and 0.1 * 3 are, 0.001 (free, once rounded) is not. The noise
 * of a float sum is relative to its size (a few units in the last place), so the tolerance is too: a fixed one would
 * take 1e-9 as a price of 0.
 */
export const isWholeCents = (dollars: number) => {
  const cents = dollars * 100;
  const whole = Math.round(cents);
  return whole === 0 ? dollars === 0 : Math.abs(cents - whole) <= Math.abs(whole) * 1e-12;
};

/**
 * A price in dollars from 0 to `max`: `message` when missing (unless `optional`), not a number or negative; a fraction
 * of a cent is refused rather than rounded away.
 */
export const Price = (message: string, max: number, tooHigh: string, { optional = false } = {}) =>
  rules(
    Max(max, { message: tooHigh }),
    optional ? IsOptional() : IsDefined({ message }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    Min(0, { message }),
    ValidateBy(
      { name: 'wholeCents', validator: { validate: (value) => typeof value !== 'number' || isWholeCents(value) } },
      { message: WHOLE_CENTS_MESSAGE },
    ),
  );

/** A whole number from 0 to `max` (stock): `message` when missing (unless `optional`), fractional or negative. */
export const Count = (message: string, max: number, tooHigh: string, { optional = false } = {}) =>
  rules(
    Max(max, { message: tooHigh }),
    optional ? IsOptional() : IsDefined({ message }),
    IsInt({ message }),
    Min(0, { message }),
  );

const MAX_PAGE = 1_000_000;
/** What a page number other than 1 to a million is told: not a whole number, below 1, or above a million. */
const PAGE_MESSAGES = {
  notWhole: 'Page must be a whole number.',
  tooLow: 'Page must be 1 or more.',
  tooHigh: `Page must be at most ${MAX_PAGE}.`,
};

/** A 1-based page number (a page past the last is empty; one past a million is a mistake). */
export const PageNumber = () =>
  rules(
    IsInt({ message: PAGE_MESSAGES.notWhole }),
    Min(1, { message: PAGE_MESSAGES.tooLow }),
    Max(MAX_PAGE, { message: PAGE_MESSAGES.tooHigh }),
  );

class PageQuery {
  @PageNumber()
  page: number;
}

/** `page` as a REST query gives it (see queryNumber), for a shim that reads no input class, by PageNumber's rules. */
export async function pageParam(value: unknown): Promise<number> {
  return (await parseInput(PageQuery, { page: value })).page;
}

/** A page size from 1 to `max`. */
export function PageSize(max: number): PropertyDecorator {
  const message = `Page size must be between 1 and ${max}.`;
  return rules(IsInt({ message }), Min(1, { message }), Max(max, { message }));
}

/** A list's optional search text, at most `max` characters. */
export const SearchText = (max: number) =>
  OptionalText(max, `Search text must be at most ${max} characters.`, { notText: 'Search text must be text.' });

const keyMessage = (field: string) => `${field} must be 16 to 64 letters, digits, - or _.`;
export const CREATION_KEY_MESSAGE = keyMessage('creationKey');

/**
 * The optional key a form makes for one creation and sends again with each retry of it (random, so nobody else's):
 * a create whose answer was lost, sent again, answers with what the first one made. The services look for
 * it before making anything, and the unique index decides between two that race.
 */
export const CreationKey = (field = 'creationKey') =>
  rules(
    IsOptional(),
    IsString({ message: keyMessage(field) }),
    Matches(/^[\w-]{16,64}$/, { message: keyMessage(field) }),
  );

/** The `creationKey` field of a create input. */
export const CREATION_KEY_DESCRIPTION =
  'A key the client makes for this creation (16 to 64 letters, digits, - or _; random) and sends again with each ' +
  'retry of it. A create whose answer was lost, sent again with the same key, answers with what the first one made ' +
  'instead of making a second. It is refused when that was cancelled since, and when it was made with other values ' +
  "than these (a product's or menu item's fields, a booking's session and times, an order's details); files sent " +
  'again are not read.';
