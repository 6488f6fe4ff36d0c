/**
 * Comparing what two site builds wrote (warm-build and story-shards tests):
 * every file under a folder with its bytes, and a build's page text with the
 * moment it ran set aside.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, relative to it, with its bytes. */
export function filesOf(dir: string, rel = ''): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(path.join(dir, rel))) {
    const r = path.join(rel, name);
    if (statSync(path.join(dir, r)).isDirectory()) for (const [k, v] of filesOf(dir, r)) files.set(k, v);
    else files.set(r, readFileSync(path.join(dir, r)));
  }
  return files;
}

/**
 * Two cold builds differ only in the moment they ran: the home page's latest-news
 * island carries the build time (`now`) among its props, an island's uid is a
 * hash of its props, and a relative time ("há 1 minuto") is written against the
 * build's clock (builds a minute apart on a loaded machine say "há 2 minutos").
 * Those are set aside; the time each one counts from (`datetime`) stays compared.
 */
export const buildMoment = (b: Buffer) =>
  b
    .toString('latin1')
    .replace(/&quot;now&quot;:\[0,&quot;[0-9T:.Z-]+&quot;\]/g, 'NOW')
    .replace(/<astro-island uid="[^"]+"/g, '<astro-island uid=""')
    .replace(/(<time datetime="[^"]*" data-rel=""[^>]*>)[^<]*<\/time>/g, '$1</time>');

/** Where two pages first differ once the build moment is set aside: a failure names the text, not only the file. */
export function firstDifference(file: string, a: Buffer, b: Buffer): string {
  const [x, y] = [buildMoment(a), buildMoment(b)];
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const around = (s: string) => JSON.stringify(Buffer.from(s.slice(Math.max(0, i - 80), i + 80), 'latin1').toString('utf8'));
  return `${file} @${i}: ${around(x)} ≠ ${around(y)}`;
}
