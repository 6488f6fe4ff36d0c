import { describe, expect, it } from 'vitest';
import { candidateFiles } from './file-visibility.ts';

const file = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;

describe('candidateFiles', () => {
  it('the files a write touches, before and after, once each', () => {
    const before = [{ featured_image: `/api/assets/${file(1)}`, content: '' }];
    const after = [{ featured_image: `/api/assets/${file(2)}`, content: `<img src="/api/assets/${file(1)}?width=800">` }];
    expect(candidateFiles('news', before, after).sort()).toEqual([file(1), file(2)]);
  });

  // 2 s alone here; a shared machine (CI's other suites beside it) took 5 s, the default limit.
  it('an archive of 200,000 stories (the reconcile at start reads them all) does not overflow the stack', { timeout: 30_000 }, () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ featured_image: `/api/assets/${file(i % 1000)}`, content: 'Texto.' }));
    expect(candidateFiles('news', [], rows)).toHaveLength(1000);
  });
});
