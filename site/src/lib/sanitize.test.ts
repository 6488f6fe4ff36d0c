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
});
