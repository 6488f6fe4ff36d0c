import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The checkout (or the image's /app): where package.json and node_modules are. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
