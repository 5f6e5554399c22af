import { buildSchema } from 'type-graphql';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import type { Services } from '../services';
import { authChecker } from './auth-checker';
import { resolvers } from './resolvers';

/** The type-graphql schema; resolvers are built once with the app's services. */
export async function createSchema(services: Services): Promise<GraphQLSchema> {
  const instances = new Map<unknown, unknown>();
  return buildSchema({
    resolvers,
    authChecker,
    validate: { forbidUnknownValues: false },
    container: {
      get(resolverClass: new (services: Services) => unknown) {
        if (!instances.has(resolverClass)) instances.set(resolverClass, new resolverClass(services));
        return instances.get(resolverClass);
      },
    },
  });
}

/** The SDL checked in as schema.graphql: sorted, so it only changes when the API does. */
export function printSortedSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
