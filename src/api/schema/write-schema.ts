/** `npm run schema`: regenerates schema.gql at the repository root. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateSchemaText } from './generate-schema';

const target = resolve(__dirname, '..', '..', '..', 'schema.gql');
generateSchemaText().then(
  (text) => {
    writeFileSync(target, text);
    process.stdout.write(`wrote ${target}\n`);
  },
  (err: unknown) => {
    process.stderr.write(`schema generation failed: ${String(err)}\n`);
    process.exitCode = 1;
  },
);
