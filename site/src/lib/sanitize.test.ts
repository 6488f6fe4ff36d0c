// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sanitizeAd, sanitizeArticle } from './sanitize.ts';

describe('build-time sanitizing', () => {
  it('turns newlines into line breaks', () => {
    expect(sanitizeArticle('Primeiro parágrafo.\n\nSegundo "citado".')).toBe('Primeiro parágrafo.<br><br>Segundo "citado".');
  });

  it('keeps the article allowlist and drops everything else', () => {
    const out = sanitizeArticle(
      '<p onclick="x()">Oi <script>alert(1)</script><ul><li>a</li></ul><iframe src="x"></iframe><a href="https://a.b" target="_blank">l</a></p>',
    );
    expect(out).not.toMatch(/script|onclick|iframe/);
    expect(out).toContain('<ul><li>a</li></ul>');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it('escapes stray markup characters', () => {
    expect(sanitizeArticle('3 < 4 & 5 > 2')).toBe('3 &lt; 4 &amp; 5 &gt; 2');
  });

  it('ads lose list tags and scripts', () => {
    const out = sanitizeAd('<div><ul><li>x</li></ul><img src="/a.png" onerror="x()"><strong>ok</strong></div>');
    expect(out).toBe('<div>x<img src="/a.png"><strong>ok</strong></div>');
  });

  it('an ad sanitized once per process (every page shows it) is sanitized the same the next times, past the cache bound too', () => {
    const hostile = '<a href="https://anunciante.com.br" target="_blank" onclick="x()">Feira</a><script>alert(1)</script>';
    const first = sanitizeAd(hostile);
    expect(first).toBe('<a href="https://anunciante.com.br" target="_blank" rel="noopener noreferrer">Feira</a>');
    expect(sanitizeAd(hostile)).toBe(first);
    // Other markups never get another's answer, and a full cache starts over rather than growing.
    for (let i = 0; i < 1200; i++) expect(sanitizeAd(`<p onmouseover="y()">Anúncio ${i}</p>`)).toBe(`<p>Anúncio ${i}</p>`);
    expect(sanitizeAd(hostile)).toBe(first);
  });
});
