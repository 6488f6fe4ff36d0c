/**
 * How every `astro build` process starts (builder, npm start, e2e, bench, and a
 * full build's story helpers). --silent drops the per-page log line (100,000
 * of them); a young generation of 16 MB semi-spaces (64 held ~60 MB more
 * per process at 100,000 stories than 32, 32 about 30 MB more than 16:
 * docs/decisions/066) still spares the renders most GC pauses; an old
 * generation that grows by a fifth over what survived the last full GC (V8
 * lets it double or more when it judges GC slow) keeps a 100,000-story build's
 * two page processes near 1 GB each instead of 1.5 GB, for a few seconds of
 * GC: no fixed ceiling, so a larger archive only costs more memory, never an
 * out-of-memory failure (measured: docs/decisions/006-publish-pipeline.md).
 * The live lane's warm process keeps V8's default growth: its renders are
 * what a publish waits for.
 */
import path from 'node:path';
import { ROOT } from '../../directus/scripts/lib/paths.ts';

export const ASTRO_NODE_ARGS = ['--max-semi-space-size=16'];
export const ASTRO_BUILD_ARGS = [...ASTRO_NODE_ARGS, '--heap-growing-percent=20', path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'];
