import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../records.ts';
import { cdata } from '../fixtures/wxr.ts';
import { readWxr, type WxrEntry, type WxrItem } from './wxr.ts';

const dir = mkdtempSync(join(tmpdir(), 'wxr-'));
let n = 0;
function file(xml: string): string {
  const f = join(dir, `export-${n++}.xml`);
  writeFileSync(f, xml);
  return f;
}
const WP12 =
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"';
const rss = (items: string, ns = WP12) =>
  `<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" ${ns}>\n<channel>\n<wp:wxr_version>1.2</wp:wxr_version>\n${items}\n</channel>\n</rss>\n`;

async function all(f: string): Promise<WxrEntry[]> {
  const out: WxrEntry[] = [];
  for await (const e of readWxr(f)) out.push(e);
  return out;
}
const items = (es: WxrEntry[]): WxrItem[] => es.flatMap((e) => (e.kind === 'item' ? [e.item] : []));
async function error(f: string): Promise<ImportInputError> {
  try {
    await all(f);
  } catch (e) {
    if (e instanceof ImportInputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the WXR stream', () => {
  it('joins a CDATA section that WordPress split around "]]>"', async () => {
    const body = 'antes ]]> depois ]]]]> fim';
    const [item] = items(await all(file(rss(`<item><title>x</title><content:encoded>${cdata(body)}</content:encoded></item>`))));
    expect(cdata(body)).toContain(']]]]><![CDATA[>');
    expect(item!.content).toBe(body);
  });

  it('decodes entities in titles, in CDATA (as WordPress stores them) and escaped (as old exports wrote them)', async () => {
    const es = items(
      await all(
        file(
          rss(
            `<item><title><![CDATA[&#8220;Câmara&#8221; &amp; metas]]></title></item>` +
              `<item><title>&#8220;Velho&#8221; &amp;amp; escapado</title></item>` +
              `<item><title>Espaço&nbsp;duro e reticências&hellip;</title></item>`,
          ),
        ),
      ),
    );
    expect(es.map((i) => i.title)).toEqual(['“Câmara” & metas', '“Velho” & escapado', 'Espaço\u00a0duro e reticências…']);
  });

  it('matches namespaces by URI: WXR 1.1 and other prefixes read the same', async () => {
    const ns =
      'xmlns:ex="http://wordpress.org/export/1.1/excerpt/" xmlns:c="http://purl.org/rss/1.0/modules/content/" xmlns:d="http://purl.org/dc/elements/1.1/" xmlns:wordpress="http://wordpress.org/export/1.1/"';
    const xml = `<?xml version="1.0"?><rss version="2.0" ${ns}><channel><wordpress:author><wordpress:author_login>ana</wordpress:author_login><wordpress:author_email>a@b.c</wordpress:author_email></wordpress:author><item><title>T</title><d:creator>ana</d:creator><c:encoded><![CDATA[<p>oi</p>]]></c:encoded><ex:encoded>resumo</ex:encoded><wordpress:post_id>7</wordpress:post_id><wordpress:post_type>post</wordpress:post_type><category domain="category" nicename="geral"><![CDATA[Geral]]></category><wordpress:postmeta><wordpress:meta_key>_thumbnail_id</wordpress:meta_key><wordpress:meta_value>9</wordpress:meta_value></wordpress:postmeta></item></channel></rss>`;
    const es = await all(file(xml));
    expect(es.find((e) => e.kind === 'author')).toMatchObject({ author: { login: 'ana', email: 'a@b.c' } });
    expect(items(es)[0]).toMatchObject({
      creator: 'ana',
      content: '<p>oi</p>',
      excerpt: 'resumo',
      post_id: '7',
      post_type: 'post',
      categories: [{ domain: 'category', nicename: 'geral', name: 'Geral' }],
    });
    expect(items(es)[0]!.meta.get('_thumbnail_id')).toBe('9');
  });

  it('gives the line each item starts on, and reads past control characters XML forbids', async () => {
    const es = items(await all(file(rss(`<item><title>a</title></item>\n\n<item><title>b\u000b</title></item>`))));
    expect(es.map((i) => [i.title, i.line])).toEqual([
      ['a', 5],
      ['b', 7],
    ]);
  });

  it('a truncated export is an ImportInputError naming the file and the line, in pt-BR', async () => {
    const head = rss('<item><title>a</title></item>').split('</channel>')[0]!.trimEnd();
    const f = file(`${head}\n<item><title>b</title>\n<content:encoded><![CDATA[<p>cortado`);
    const e = await error(f);
    expect(e.file).toBe(f);
    expect(e.line).toBe(7);
    expect(e.message).toContain('o último <item> começa na linha 6');
    expect(e.message).toMatch(/^.*export-\d+\.xml, linha 7: XML incompleto ou inválido: /);
  });

  it('a malformed export (a closing tag that does not match) names its line', async () => {
    const e = await error(file(rss('<item>\n<title>a</titulo>\n</item>')));
    expect(e.line).toBe(6);
    expect(e.message).toContain('XML incompleto ou inválido');
  });

  it('a missing file, or a file that is not WXR, is said so', async () => {
    await expect(all(join(dir, 'nao-existe.xml'))).rejects.toThrow(/nao-existe\.xml: arquivo não encontrado/);
    await expect(all(file('<html><body>oi</body></html>'))).rejects.toThrow(/não parece uma exportação do WordPress/);
    await expect(all(file(''))).rejects.toThrow(ImportInputError);
  });
});
