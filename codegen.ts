import type { CodegenConfig } from '@graphql-codegen/cli';

/** schema.graphql (emitted by the gateway) + the documents next to web components -> web/src/gql/. */
const config: CodegenConfig = {
  schema: './schema.graphql',
  // Test files' own documents are theirs alone: they do not go into the app's map of documents.
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*', '!web/src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    './web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        skipTypename: false,
        scalars: { DateTimeISO: 'string', Upload: 'File' },
      },
    },
  },
  hooks: { afterAllFileWrite: ['prettier --write'] },
};

export default config;
