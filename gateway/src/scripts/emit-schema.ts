import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema, printSortedSchema } from '../graphql/schema';
import { createServices } from '../services';

/** Writes schema.graphql at the repository root (npm run schema). */
async function emit() {
  const schema = await createSchema(createServices());
  const target = join(__dirname, '..', '..', '..', 'schema.graphql');
  writeFileSync(target, printSortedSchema(schema));
  console.log(`wrote ${target}`);
}

void emit();
