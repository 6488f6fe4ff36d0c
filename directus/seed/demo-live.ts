/**
 * The demo's live coverage (issue #30, item 5): one coverage in progress,
 * featured on the home page, so a newcomer sees the feature right after
 * `npm start` — entries over the last hours, one pinned, one with a photo, one
 * corrected, and one pending for an editor to approve. Fictional, written like
 * the coverage it stands in for.
 */
import { createItem, updateItem, type PortalClient } from '../scripts/lib/client.ts';
import { newsFactory } from './factories.ts';

const MINUTE = 60_000;

export const DEMO_LIVE_TITLE = 'Temporal em Belém: acompanhe ao vivo a chuva, os alagamentos e os bloqueios';

type DemoEntry = { minutesAgo: number; body: string; pinned?: boolean; photo?: boolean; caption?: string; correction?: string; pending?: boolean; byProducer?: boolean };

const ENTRIES: DemoEntry[] = [
  {
    minutesAgo: 170,
    body: '<p>Começou por volta das 14h a chuva forte que atinge Belém. A Defesa Civil do município emitiu alerta de temporal com rajadas de vento para toda a região metropolitana até o início da noite.</p>',
  },
  {
    minutesAgo: 150,
    body: '<p><strong>Telefones úteis:</strong> Defesa Civil 199, Corpo de Bombeiros 193, Samu 192 e Equatorial (falta de energia) 0800 091 0196. Em caso de alagamento, não atravesse ruas com correnteza.</p>',
    pinned: true,
  },
  {
    minutesAgo: 130,
    body: '<p>A Avenida Visconde de Souza Franco, a Doca, tem trechos alagados perto da Rua Boaventura da Silva. Motoristas relatam água acima do meio-fio e trânsito lento nos dois sentidos.</p>',
    photo: true,
    caption: 'Trecho alagado da Doca no fim da tarde. Foto: Redação Portal Pará',
    byProducer: true,
  },
  {
    minutesAgo: 105,
    body: '<p>A Semob informou que a Avenida Pedro Miranda está interditada entre a Travessa Mauriti e a Travessa Humaitá. Linhas de ônibus que passam pela Pedreira foram desviadas para a Avenida Marquês de Herval.</p>',
  },
  {
    minutesAgo: 80,
    body: '<p>Segundo a Equatorial, cerca de 12 mil imóveis ficaram sem energia no Marco, na Pedreira e no Telégrafo. Equipes trabalham para religar a rede; a empresa pede que os moradores não se aproximem de fios caídos.</p>',
    correction: 'A Equatorial corrigiu o número de imóveis sem energia: são 12 mil, não 20 mil como informado antes.',
  },
  {
    minutesAgo: 55,
    body: '<p>O Instituto Nacional de Meteorologia registrou 68 milímetros de chuva em três horas na estação de Belém, quase um terço do esperado para todo o mês de novembro.</p>',
  },
  {
    minutesAgo: 30,
    body: '<p>A chuva perdeu força na última meia hora. A Defesa Civil mantém equipes nos canais do Tucunduba e da Doca, onde a maré alta das 19h pode dificultar o escoamento da água.</p>',
    byProducer: true,
  },
  {
    minutesAgo: 10,
    body: '<p>A Pedro Miranda foi liberada ao trânsito. A Doca segue com um trecho alagado no sentido Marco.</p>',
  },
  {
    minutesAgo: 2,
    body: '<p>Moradores do Jurunas relatam uma árvore caída na Rua dos Mundurucus. A reportagem está a caminho para confirmar.</p>',
    pending: true,
    byProducer: true,
  },
];

/**
 * Creates the coverage and its entries. `ids` are the demo's catalogue and users;
 * `photo` is one of the demo's uploaded images (/api/assets/…).
 */
export async function seedDemoLive(
  client: PortalClient,
  ids: { category: string | null; municipality: string | null; editor: string; producer: string; photo: string },
  log: (s: string) => void,
): Promise<void> {
  const now = Date.now();
  const story = (await client.request(
    createItem(
      'news',
      newsFactory({
        title: DEMO_LIVE_TITLE,
        summary: 'Defesa Civil emitiu alerta de temporal; há ruas alagadas e interditadas e bairros sem energia. Acompanhe as atualizações.',
        content:
          'A redação acompanha ao vivo os efeitos da chuva forte que atinge Belém desde o início da tarde: ruas alagadas, interdições, falta de energia e os avisos da Defesa Civil.\n\nAs atualizações mais recentes aparecem primeiro. Telefones úteis estão fixados no topo.',
        status: 'published',
        scheduled_at: new Date(now - 175 * MINUTE).toISOString(),
        is_featured: true,
        featured_image: ids.photo,
        featured_image_caption: 'Chuva forte no centro de Belém. Foto: Redação Portal Pará',
        category_id: ids.category,
        municipality_id: ids.municipality,
        author_id: ids.editor,
      }) as any,
    ),
  )) as { id: string };
  await client.request(updateItem('news', story.id, { live_status: 'live' } as any));
  const rows = ENTRIES.map((e) => ({
    news_id: story.id,
    body: e.body,
    status: e.pending ? 'pending' : 'published',
    // Back-dated as a super_admin may when moving content in (domain/live createdEntryDate).
    published_at: e.pending ? null : new Date(now - e.minutesAgo * MINUTE).toISOString(),
    pinned: !!e.pinned,
    image: e.photo ? ids.photo : null,
    image_caption: e.caption ?? null,
    author_id: e.byProducer ? ids.producer : ids.editor,
    correction_note: e.correction ?? null,
  }));
  // One by one, oldest first: each is its own write, as the newsroom's would be.
  for (const row of rows) await client.request(createItem('news_live_entries', row as any));
  log(`cobertura ao vivo demo criada (${rows.length} atualizações)`);
}
