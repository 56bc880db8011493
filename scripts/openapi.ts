// `npm run openapi`: writes the public API's OpenAPI document to docs/openapi.json (a test holds it equal to the served one).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../bff/src/project-root.ts';
import { publicApiDocument } from '../bff/src/public-api/public-api-document.ts';

const path = join(PROJECT_ROOT, 'docs', 'openapi.json');
await writeFile(path, `${JSON.stringify(publicApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${path}\n`);
