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

  it('says a file was sent for a variable that takes none, and leaves a string that merely reads so as it is', () => {
    const refusal = (value: string) =>
      formatError(
        { message: `Variable "$q" got invalid value ${value}; Int cannot represent non-integer value: ${value}` },
        new GraphQLError('x', { extensions: { code: 'BAD_USER_INPUT' } }),
      ).message;
    expect(refusal('{ _resolve: [function], _reject: [function], promise: {} }')).toBe(
      'Variable "$q" got a file, which it does not take.',
    );
    const text = '"{ _resolve: [function] }"';
    expect(refusal(text)).toBe(
      `Variable "$q" got invalid value ${text}; Int cannot represent non-integer value: ${text}`,
    );
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
