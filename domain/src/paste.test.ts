import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './paste.ts';

const parser = new (new JSDOM('').window as unknown as typeof globalThis).DOMParser();
const clean = (html: string) => cleanPastedHtml(html, parser);

// What Chrome puts on the clipboard when copying from a Google Docs document.
const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4f1c2a3b-7fff-1b2c-9d0e-123456789abc"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Chuvas em Belém</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;">A Defesa Civil </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;">alertou</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;"> moradores</span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;"> do </span><a href="https://www.belem.pa.gov.br/" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;font-weight:400;text-decoration:underline;">site da prefeitura</span></a><span style="font-size:11pt;">.</span></p><br><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Bairro do Guamá</span></p></li><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-size:11pt;">Jurunas</span></p></li></ul></b><br class="Apple-interchange-newline">`;

// Word for Windows (Office 365) clipboard HTML, trimmed of its long <style> block.
const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40"><head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]--><style><!-- p.MsoNormal {margin:0cm; font-size:12.0pt;} --></style></head><body lang=PT-BR style='tab-interval:35.4pt'><!--StartFragment--><h1><span style='mso-fareast-font-family:"Times New Roman"'>Festival do Açaí<o:p></o:p></span></h1>
<p class=MsoNormal>Primeiro parágrafo com <b>negrito</b> e <i>itálico</i>, escrito
em duas linhas no código.<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]>Item um<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoNormal><a href="https://g1.globo.com/pa/">Fonte</a><o:p></o:p></p><!--EndFragment--></body></html>`;

// A news page copied in Chrome: scripts, ads, inline styles and a relative link.
const WEB_PAGE = `<div class="article" style="color:red"><script>trackCopy()</script><h3 class="title">Obras na BR-316</h3><p style="font-size:18px">O DNIT <strong>iniciou</strong> as obras. <a href="javascript:alert(1)">clique</a> <a href="/relativo">aqui</a></p><img src="https://cdn.example.com/x.jpg" onerror="x()"><blockquote class="quote"><p>Vamos terminar em março.</p></blockquote><div>Texto solto<br>com quebra</div><iframe src="https://ads.example.com"></iframe><ol><li>Um</li><li>Dois</li></ol></div>`;

describe('clean paste', () => {
  it('Google Docs: keeps heading, bold, italic, link and list; drops the docs-internal-guid wrapper, spans and styles', () => {
    expect(clean(GOOGLE_DOCS)).toBe(
      '<h2>Chuvas em Belém</h2><p>A Defesa Civil <strong>alertou</strong><em> moradores</em> do <a href="https://www.belem.pa.gov.br/">site da prefeitura</a>.</p><ul><li><p>Bairro do Guamá</p></li><li><p>Jurunas</p></li></ul>',
    );
  });

  it('Word: drops conditional comments, Office tags, list glyphs and classes; h1 becomes h2; source newlines are spaces', () => {
    expect(clean(WORD)).toBe(
      '<h2>Festival do Açaí</h2><p>Primeiro parágrafo com <strong>negrito</strong> e <em>itálico</em>, escrito em duas linhas no código.</p><p>Item um</p><p><a href="https://g1.globo.com/pa/">Fonte</a></p>',
    );
  });

  it('web page: drops scripts, images, iframes and unsafe or relative links; divs become paragraphs', () => {
    expect(clean(WEB_PAGE)).toBe(
      '<h3>Obras na BR-316</h3><p>O DNIT <strong>iniciou</strong> as obras. clique aqui</p><blockquote><p>Vamos terminar em março.</p></blockquote><p>Texto solto<br>com quebra</p><ol><li>Um</li><li>Dois</li></ol>',
    );
  });

  it('only allowlisted tags and the href attribute survive', () => {
    for (const html of [GOOGLE_DOCS, WORD, WEB_PAGE]) {
      const out = clean(html);
      expect(out).not.toMatch(/style=|class=|id=|<span|<div|<!--|<o:|<script|<img|<iframe|<meta/);
      for (const [, tag] of out.matchAll(/<\/?([a-z0-9]+)/g))
        expect(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br']).toContain(tag);
    }
  });

  it('escapes text that looks like markup', () => {
    expect(clean('<p>3 &lt; 4 &amp; &lt;b&gt;</p>')).toBe('<p>3 &lt; 4 &amp; &lt;b&gt;</p>');
  });
});
