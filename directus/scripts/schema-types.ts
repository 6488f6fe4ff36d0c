/**
 * `npm run directus:types`: writes domain/src/schema.generated.ts from the
 * collections (directus/schema/schema-types.ts); `--check` only says whether
 * it is up to date (exit 1 when not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCHEMA_TYPES_FILE, schemaTypesSource } from '../schema/schema-types.ts';

const made = schemaTypesSource();
const file = fileURLToPath(SCHEMA_TYPES_FILE);
let current = '';
try {
  current = readFileSync(file, 'utf8');
} catch {
  // Not written yet.
}
if (process.argv.includes('--check')) {
  if (current !== made) {
    console.error(`${file} está desatualizado: rode npm run directus:types`);
    process.exit(1);
  }
  console.log('Tipos do esquema em dia.');
} else if (current !== made) {
  writeFileSync(file, made);
  console.log(`Escrito ${file}`);
} else console.log('Tipos do esquema em dia.');
