/** apollo-upload-client types itself with JSDoc only (no .d.ts); the one class used here. */
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client';
  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: { uri?: string; credentials?: RequestCredentials; headers?: Record<string, string> });
  }
}
