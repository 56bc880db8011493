// `npm run openapi`: writes the public API's OpenAPI document to docs/openapi.json, and the TypeScript
// types generated from it to tests/support/public-api-client/v1.ts (tests hold both equal to what the
// served document gives).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../bff/src/project-root.ts';
import { publicApiDocument } from '../bff/src/public-api/public-api-document.ts';
import { PUBLIC_API_TYPES_PATH, publicApiTypes } from './public-api-types.ts';

const path = join(PROJECT_ROOT, 'docs', 'openapi.json');
await writeFile(path, `${JSON.stringify(publicApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${path}\n`);
await writeFile(PUBLIC_API_TYPES_PATH, await publicApiTypes(pathToFileURL(path)));
process.stdout.write(`wrote ${PUBLIC_API_TYPES_PATH}\n`);
