import { useCallback } from 'react';
import { ApolloLink, CombinedGraphQLErrors, type OperationVariables } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { useApolloClient } from '@apollo/client/react';
import { addTypenameToDocument } from '@apollo/client/utilities';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { firstValueFrom } from 'rxjs';
import { getStoredUser } from './auth';

/**
 * Multipart requests (GraphQL multipart request spec) for the few mutations that carry files.
 * Kept beside the app's HttpLink rather than in it, so only the admin forms load the upload code.
 * The gateway's CSRF prevention wants the preflight header on multipart posts.
 */
const uploadLink = ApolloLink.from([
  new SetContextLink((prevContext) => {
    const token = getStoredUser()?.token;
    return {
      headers: {
        ...prevContext.headers,
        'apollo-require-preflight': 'true',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    };
  }),
  new UploadHttpLink({ uri: '/graphql', credentials: 'include' }),
]);

/**
 * Runs a mutation with files through the upload link, writes the returned objects into the
 * Apollo cache (so detail views follow) and drops the cached root lists named in `staleFields`
 * (so lists refetch on their next visit). Throws CombinedGraphQLErrors like useMutation does.
 */
export function useUploadMutation<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  staleFields: string[],
): (variables: TVariables) => Promise<TData> {
  const client = useApolloClient();
  return useCallback(
    async (variables: TVariables) => {
      const query = addTypenameToDocument(document);
      const result = await firstValueFrom(ApolloLink.execute(uploadLink, { query, variables }, { client }));
      if (result.errors?.length || !result.data) throw new CombinedGraphQLErrors(result);
      const data = result.data as TData;
      client.cache.writeQuery({ query, variables, data });
      staleFields.forEach((fieldName) => client.cache.evict({ id: 'ROOT_QUERY', fieldName }));
      client.cache.gc();
      return data;
    },
    [client, document, staleFields],
  );
}
