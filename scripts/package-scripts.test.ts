import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../directus/scripts/lib/paths.ts';

/** Every file an npm script runs (`node x.ts`, `sh x.sh`) must exist: a README promise is only as good as its script. */
export function scriptFiles(command: string): string[] {
  return [...command.matchAll(/(?:^|\s)((?:\.\/)?[\w./-]+\.(?:ts|mjs|js|sh))(?=\s|$)/g)].map((m) => m[1]!);
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('package.json scripts', () => {
  it('finds the files a command runs', () => {
    expect(scriptFiles('sh scripts/node22.sh node scripts/start.ts --x')).toEqual(['scripts/node22.sh', 'scripts/start.ts']);
  });

  for (const [name, command] of Object.entries(pkg.scripts)) {
    it(`"${name}" points to files that exist`, () => {
      const missing = scriptFiles(command).filter((f) => !existsSync(path.join(ROOT, f)));
      expect(missing).toEqual([]);
    });
  }
});
