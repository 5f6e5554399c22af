/** @jest-environment node */
import { join } from 'node:path';
import { transformSync } from '@babel/core';
import { inlineGraphqlDocuments, loadGeneratedDocuments } from './inline-graphql-documents';

const documents = loadGeneratedDocuments(join(__dirname, '../src/gql'));

function transform(code: string) {
  return transformSync(code, {
    filename: 'x.ts',
    babelrc: false,
    configFile: false,
    plugins: [inlineGraphqlDocuments(documents)],
  })!.code!;
}

describe('inline GraphQL documents', () => {
  it('reads every document codegen generated, fragments included', () => {
    const sources = Object.keys(documents);
    expect(sources.length).toBeGreaterThan(20);
    const reports = sources.find((source) => source.includes('query ReportsPage'))!;
    const definitions = (documents[reports] as { definitions: Array<{ name: { value: string } }> }).definitions;
    expect(definitions.map((d) => d.name.value)).toEqual(
      expect.arrayContaining(['ReportsPage', 'SalesChart_report', 'TopProductsChart_product']),
    );
  });

  it("replaces a graphql() call with its document, so the module no longer needs src/gql's map", () => {
    const out = transform(
      "import { graphql } from './gql';\nexport const Q = graphql(`\n  query VenueTimeZone {\n    venue {\n      timeZone\n    }\n  }\n`);",
    );
    expect(out).not.toContain('graphql(');
    expect(out).toContain('kind: "Document"');
    expect(out).toContain('value: "VenueTimeZone"');
  });

  it('fails the build for a document codegen has not seen', () => {
    expect(() => transform('const Q = graphql(`query NotGenerated { venue { name } }`);')).toThrow(
      'run `npm run codegen`',
    );
  });

  it('leaves other calls alone', () => {
    expect(transform('const x = graphql(source);')).toContain('graphql(source)');
  });
});
