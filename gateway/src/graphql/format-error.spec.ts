import { GraphQLError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import type { ValidationError } from 'class-validator';
import { formatError, isUnexpectedError, unexpectedCause } from './format-error';
import { INTERNAL_MESSAGE } from '../common/errors';

/** The error graphql-js hands over for a resolver's argument failure: located at its field, the cause inside. */
const atField = (cause: Error) => new GraphQLError(cause.message, { path: ['login'], originalError: cause });

describe('formatError', () => {
  it('answers a failed argument rule with its first message', () => {
    const failure: ValidationError = {
      property: 'email',
      constraints: { check: 'Invalid email format.' },
      children: [],
    };
    const error = atField(new ArgumentValidationError([failure]));
    expect(isUnexpectedError(error)).toBe(false);
    expect(formatError({ message: 'x' }, error)).toMatchObject({
      message: 'Invalid email format.',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
  });

  it('masks and reports a rule that threw (type-graphql wraps what it threw, with no list of failures)', () => {
    const thrown = new URIError('URI malformed');
    const error = atField(new ArgumentValidationError(thrown as unknown as ValidationError[]));
    expect(isUnexpectedError(error)).toBe(true);
    expect(formatError({ message: 'x' }, error)).toEqual({
      message: INTERNAL_MESSAGE,
      path: undefined,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(unexpectedCause(error)).toBe(thrown);
  });

  it('keeps a null in a non-null field (an error with a path and no code) as one of ours', () => {
    const error = new GraphQLError('Cannot return null for non-nullable field Query.venue.', { path: ['venue'] });
    expect(isUnexpectedError(error)).toBe(true);
  });
});
