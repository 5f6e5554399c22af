import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginObj, types as BabelTypes } from '@babel/core';
import ts from 'typescript';

type Documents = Record<string, unknown>;

/**
 * The documents codegen wrote to `src/gql/`, keyed by their source text exactly as `graphql()` receives it: the map
 * behind `src/gql/gql.ts`, read by compiling that file and the `graphql.ts` it imports.
 */
export function loadGeneratedDocuments(gqlDir: string): Documents {
  const load = (file: string, require: (id: string) => unknown, expose = '') => {
    const source = readFileSync(join(gqlDir, file), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const module = { exports: {} as Record<string, unknown> };
    new Function('exports', 'require', 'module', outputText + expose)(module.exports, require, module);
    return module.exports;
  };
  const documentNodes = load('graphql.ts', () => ({}));
  // gql.ts keeps its map in a module-level `documents` constant; hand it out along with the exports.
  const gql = load(
    'gql.ts',
    (id) => (id === './graphql' ? documentNodes : {}),
    '\nmodule.exports.documents = documents;',
  );
  if (typeof gql.documents !== 'object' || gql.documents === null)
    throw new Error(`No documents map in ${gqlDir}/gql.ts`);
  return gql.documents as Documents;
}

/**
 * Babel plugin for production builds: replaces each `graphql(`...`)` call with the document codegen generated for it,
 * as a plain object literal in the calling module.
 *
 * Why not codegen's own optimizer? It turns the call into an import from `src/gql/graphql.ts`, and a bundler places a
 * module in one chunk: every document of the app would then ride in the entry chunk (~15 kB gzip on the home page).
 * Inlined, each page's chunk carries only its own operations, and `src/gql/*.ts` drop out of the bundle.
 */
export function inlineGraphqlDocuments(documents: Documents) {
  return ({ types: t }: { types: typeof BabelTypes }): PluginObj => ({
    name: 'inline-graphql-documents',
    visitor: {
      CallExpression(path) {
        const { callee, arguments: args } = path.node;
        const [argument] = args;
        if (!t.isIdentifier(callee, { name: 'graphql' }) || args.length !== 1) return;
        if (!t.isTemplateLiteral(argument) || argument.expressions.length > 0) return;
        const source = argument.quasis[0].value.cooked ?? '';
        if (!(source in documents)) {
          throw path.buildCodeFrameError('This GraphQL document is not in src/gql/ yet: run `npm run codegen`.');
        }
        path.replaceWith(t.valueToNode(documents[source]));
      },
    },
  });
}
