import type { ApolloCache } from '@apollo/client';

/**
 * A mutation `update` that drops the cached root lists named in `fields`, so those lists
 * refetch on their next visit (after a create or an edit whose place in them we cannot know).
 */
export function evictRootFields(fields: string[]) {
  return (cache: ApolloCache) => {
    fields.forEach((fieldName) => cache.evict({ id: 'ROOT_QUERY', fieldName }));
    cache.gc();
  };
}
