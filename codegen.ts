import type { CodegenConfig } from '@graphql-codegen/cli';

/** schema.graphql (emitted by the gateway) + the documents next to web components -> web/src/gql/. */
const config: CodegenConfig = {
  schema: './schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*'],
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
