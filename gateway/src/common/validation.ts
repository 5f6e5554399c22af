import { validate, type ValidationError } from 'class-validator';
import { badInput } from './errors';

/** The first human message of a class-validator failure, with the field it is about. */
export function firstValidationMessage(
  errors: ValidationError[],
  parent = '',
): { field: string; message: string } | null {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const message = error.constraints && Object.values(error.constraints)[0];
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
