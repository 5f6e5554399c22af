import { validate, type ValidationError } from 'class-validator';
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
  const input = Object.assign(new InputClass(), typeof raw === 'object' && raw !== null ? raw : {});
  const errors = await validate(input, { whitelist: true, forbidUnknownValues: false });
  const first = firstValidationMessage(errors);
  if (first) throw badInput(first.message, first.field);
  return input;
}
