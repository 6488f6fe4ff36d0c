import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIRECTUS_DIR = path.join(ROOT, 'directus');
export const EXTENSIONS_DIR = path.join(DIRECTUS_DIR, 'extensions');
export const DIRECTUS_CLI = path.join(ROOT, 'node_modules/directus/cli.js');
/** The embedded demo's data (`npm start`, seed): `.data/`, or PORTAL_DATA_DIR (a second copy beside it; the shutdown test's own). */
export const DATA_DIR = process.env.PORTAL_DATA_DIR ? path.resolve(process.env.PORTAL_DATA_DIR) : path.join(ROOT, '.data');
export const EMAIL_TEMPLATES_DIR = path.join(DIRECTUS_DIR, 'email-templates');
