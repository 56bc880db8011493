import { fileURLToPath } from 'node:url';

/**
 * The project's root directory. This module sits two levels below it, in bff/src/, and so does the
 * built console (dist/server/, scripts/server-build.mjs) that bundles it: the path is the same in both.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
