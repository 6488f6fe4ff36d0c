import { describe, expect, it } from 'vitest';
import { islandPreloads, recordChunks } from './island-preload.ts';

const bundle = {
  '_astro/ArticleActions.a1.js': { type: 'chunk', fileName: '_astro/ArticleActions.a1.js', isEntry: true, facadeModuleId: '/r/site/src/islands/ArticleActions.tsx', imports: ['_astro/jsx-runtime.b2.js', '_astro/index.c3.js'], code: 'x'.repeat(20) },
  '_astro/LatestNews.d4.js': { type: 'chunk', fileName: '_astro/LatestNews.d4.js', isEntry: true, facadeModuleId: '/r/site/src/islands/LatestNews.tsx', imports: ['_astro/jsx-runtime.b2.js'] },
  '_astro/client.e5.js': { type: 'chunk', fileName: '_astro/client.e5.js', isEntry: true, facadeModuleId: '/r/node_modules/@astrojs/react/dist/client.js', imports: ['_astro/react-dom.f6.js'], code: 'x'.repeat(10) },
  '_astro/jsx-runtime.b2.js': { type: 'chunk', fileName: '_astro/jsx-runtime.b2.js', isEntry: false, facadeModuleId: null, imports: ['_astro/index.c3.js'] },
  '_astro/index.c3.js': { type: 'chunk', fileName: '_astro/index.c3.js', isEntry: false, facadeModuleId: null, imports: [], code: 'x'.repeat(30) },
  '_astro/react-dom.f6.js': { type: 'chunk', fileName: '_astro/react-dom.f6.js', isEntry: false, facadeModuleId: null, imports: ['_astro/index.c3.js'], code: 'x'.repeat(200) },
  '_astro/page.css': { type: 'asset', fileName: '_astro/page.css' },
};

describe('island preloads', () => {
  it('an island brings its chunk, its static imports (transitively), the React renderer and its imports, each once', () => {
    const map = recordChunks(bundle);
    // Largest first: React DOM (the renderer's import) leads, the tiny jsx runtime is last.
    expect(islandPreloads(['islands/ArticleActions.tsx'], map)).toEqual([
      '/_astro/react-dom.f6.js',
      '/_astro/index.c3.js',
      '/_astro/ArticleActions.a1.js',
      '/_astro/client.e5.js',
      '/_astro/jsx-runtime.b2.js',
    ]);
    // Another page's island is not preloaded.
    expect(islandPreloads(['islands/ArticleActions.tsx'], map)).not.toContain('/_astro/LatestNews.d4.js');
  });

  it('a path must match a whole file name; no recorded build gives no links', () => {
    const map = recordChunks(bundle);
    expect(islandPreloads(['News.tsx'], map)).toEqual([]);
    expect(islandPreloads(['islands/ArticleActions.tsx'], { entries: new Map(), sizes: new Map() })).toEqual([]);
  });
});
