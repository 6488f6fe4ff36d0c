import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIRECTUS_DIR = path.join(ROOT, 'directus');
export const EXTENSIONS_DIR = path.join(DIRECTUS_DIR, 'extensions');
export const DIRECTUS_CLI = path.join(ROOT, 'node_modules/directus/cli.js');
export const DATA_DIR = path.join(ROOT, '.data');
export const EMAIL_TEMPLATES_DIR = path.join(DIRECTUS_DIR, 'email-templates');
