import { getMetadataStorage } from 'class-validator';

type Rule = { type: string; name?: string; propertyName: string; message?: unknown };

/**
 * Every rule of every input (GraphQL arguments and the REST bodies read through them) says what is wrong in the
 * product's own words: a rule given none answers in class-validator's ("paymentIntentId must be shorter than or
 * equal to 255 characters"). The auth inputs' `check_…` rules word each problem themselves.
 */
it('every validation rule of the inputs has a message of our own', async () => {
  await import('../graphql/resolvers');
  await import('../rest-routes');
  const { validationMetadatas } = getMetadataStorage() as unknown as {
    validationMetadatas: Map<{ name: string }, Rule[]>;
  };
  expect(validationMetadatas.size).toBeGreaterThan(20); // the inputs were loaded
  const unworded = [...validationMetadatas].flatMap(([target, rules]) =>
    rules
      .filter((rule) => rule.type === 'customValidation' && rule.message === undefined)
      .filter((rule) => !rule.name?.startsWith('check_'))
      .map((rule) => `${target.name}.${rule.propertyName}: ${rule.name}`),
  );
  expect(unworded).toEqual([]);
});
