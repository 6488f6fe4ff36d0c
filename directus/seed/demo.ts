/**
 * Demo content for the embedded setup (npm start): three staff accounts,
 * 44 stories across categories, municipalities and statuses, events of the
 * current month and ads of each public kind. Applied once: a database that
 * already has news keeps its data.
 */
import { DEMO_PASSWORD } from '../scripts/lib/env.ts';
import {
  createItems,
  createUser,
  readFolders,
  readItems,
  readUsers,
  updateItem,
  updateUser,
  uploadFiles,
  type PortalClient,
} from '../scripts/lib/client.ts';
import { ROLE_IDS } from '../access/ids.ts';
import { DEMO_STORIES, EXTRA_PARAGRAPHS } from './demo-news.ts';
import { seedDemoLive } from './demo-live.ts';
import { adFactory, eventFactory, newsFactory } from './factories.ts';
import { demoImage } from './images.ts';
import type { Role } from '@portal/domain/roles';

export const DEMO_USERS: Array<{ email: string; role: Role; full_name: string; municipality?: string; bio?: string }> = [
  { email: 'admin@portal.test', role: 'super_admin', full_name: 'Ana Beatriz Monteiro' },
  { email: 'editor@portal.test', role: 'editor', full_name: 'Carlos Eduardo Farias' },
  { email: 'produtor@portal.test', role: 'producer', full_name: 'Joana Tavares', municipality: 'Belém', bio: 'Repórter em Belém, cobre cidades, meio ambiente e a vida nos bairros.' },
];

/** Demo (and test) staff accounts; existing users are brought back to their demo role. */
export async function ensureDemoUsers(client: PortalClient, log: (s: string) => void) {
  const municipalities = await client.request(readItems('municipalities', { fields: ['id', 'name'], limit: -1 }));
  const ids: Record<string, string> = {};
  for (const u of DEMO_USERS) {
    const [first_name, ...rest] = u.full_name.split(' ');
    const found = (await client.request(readUsers({ filter: { email: { _eq: u.email } }, fields: ['id'] }))) as Array<{ id: string }>;
    let id = found[0]?.id;
    if (!id) {
      const created = (await client.request(
        createUser({ email: u.email, password: DEMO_PASSWORD, role: ROLE_IDS[u.role], first_name, last_name: rest.join(' '), status: 'active' }),
      )) as { id: string };
      id = created.id;
      log(`usuário demo criado: ${u.email}`);
    } else {
      await client.request(updateUser(id, { role: ROLE_IDS[u.role] }));
    }
    ids[u.email] = id;
    const municipality_id = municipalities.find((m) => m.name === u.municipality)?.id ?? null;
    const [profile] = await client.request(readItems('profiles', { filter: { user_id: { _eq: id } }, fields: ['id', 'bio'] }));
    if (profile) {
      // A demo bio only where the user has not written one.
      const bio = !profile.bio && u.bio ? { bio: u.bio } : {};
      await client.request(updateItem('profiles', profile.id, { full_name: u.full_name, role: u.role, municipality_id, email: u.email, ...bio }));
    }
  }
  return ids;
}

async function newsImagesFolder(client: PortalClient): Promise<string> {
  const [found] = (await client.request(readFolders({ filter: { name: { _eq: 'news-images' } } }))) as Array<{ id: string }>;
  if (!found) throw new Error('pasta news-images ausente: rode o apply antes do seed');
  return found.id;
}

export async function uploadDemoImages(client: PortalClient, count: number): Promise<string[]> {
  const folder = await newsImagesFolder(client);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('folder', folder);
    form.append('title', `Imagem demo ${i + 1}`);
    form.append('file', new Blob([new Uint8Array(await demoImage(i))], { type: 'image/jpeg' }), `news-demo-${i + 1}.jpg`);
    const file = (await client.request(uploadFiles(form))) as { id: string };
    urls.push(`/api/assets/${file.id}`);
  }
  return urls;
}

export async function seedDemo(client: PortalClient, log: (s: string) => void) {
  const users = await ensureDemoUsers(client, log);
  const existing = await client.request(readItems('news', { fields: ['id'], limit: 1 }));
  if (existing.length > 0) return;

  const [categories, municipalities] = await Promise.all([
    client.request(readItems('categories', { fields: ['id', 'name'], limit: -1 })),
    client.request(readItems('municipalities', { fields: ['id', 'name'], limit: -1 })),
  ]);
  const byName = <T extends { id: string; name: string }>(list: T[], name: string) => list.find((x) => x.name === name)?.id ?? null;
  const images = await uploadDemoImages(client, 16);
  const authors = Object.values(users);
  const now = Date.now();
  const hour = 3600_000;

  const payloads = DEMO_STORIES.map((s, i) => {
    // Most are published over the last days; a few drafts, pending, one archived, one scheduled.
    const status = i % 11 === 3 ? 'draft' : i % 11 === 7 ? 'pending' : i === 40 ? 'archived' : 'published';
    const scheduled = i === 42 ? new Date(now + 48 * hour).toISOString() : new Date(now - (i * 5 + 1) * hour).toISOString();
    const producerStory = s.municipality === 'Belém' && i % 3 === 0;
    return newsFactory({
      title: s.title,
      summary: s.summary,
      content: [s.body, ...EXTRA_PARAGRAPHS.slice(0, 1 + (i % 3))].join('\n\n'),
      status,
      scheduled_at: status === 'published' ? scheduled : null,
      is_featured: status === 'published' && [0, 7, 14, 20, 36].includes(i),
      featured_image: i % 9 === 5 ? null : images[i % images.length]!,
      featured_image_caption: i % 9 === 5 ? null : 'Imagem ilustrativa. Foto: Redação Portal Pará',
      category_id: byName(categories, s.category),
      municipality_id: byName(municipalities, s.municipality),
      author_id: producerStory ? users['produtor@portal.test']! : authors[i % authors.length]!,
    });
  });
  await client.request(createItems('news', payloads as any));
  log(`${payloads.length} notícias demo criadas`);
  // A live coverage in progress, featured on the home page (issue #30).
  await seedDemoLive(
    client,
    {
      category: byName(categories, 'Meio Ambiente'),
      municipality: byName(municipalities, 'Belém'),
      editor: users['editor@portal.test']!,
      producer: users['produtor@portal.test']!,
      photo: images[2]!,
    },
    log,
  );

  const day = 24 * hour;
  const monthStart = new Date();
  monthStart.setDate(1);
  const inMonth = (d: number) => new Date(Math.min(now + d * day, new Date(monthStart.getFullYear(), monthStart.getMonth() + 1, 0, 20).getTime())).toISOString();
  await client.request(
    createItems('events', [
      eventFactory({ title: 'Feira de Artesanato da Praça da República', event_date: inMonth(2), location: 'Belém', url: 'https://www.belem.pa.gov.br', image_url: images[3]! }),
      eventFactory({ title: 'Festival Gastronômico do Ver-o-Peso', event_date: inMonth(5), location: 'Belém', image_url: images[5]! }),
      eventFactory({ title: 'Corrida Rústica de Santarém', event_date: inMonth(8), location: 'Santarém' }),
      eventFactory({ title: 'Mostra de Cinema Amazônico', event_date: inMonth(1), location: 'Marabá', is_active: true }),
      eventFactory({ title: 'Evento cancelado', event_date: inMonth(3), location: 'Belém', is_active: false }),
    ]),
  );

  await client.request(
    createItems('ads', [
      adFactory({ title: 'Banner Supermercado Líder', ad_type: 'banner', position: 'top', content: '<p><strong>Ofertas da semana</strong> em todas as lojas</p>', link_url: 'https://example.com/ofertas' }),
      adFactory({ title: 'Lateral Feira do Livro', ad_type: 'sidebar', position: 'top', content: '<h3>Feira Pan-Amazônica do Livro</h3><p>Hangar, entrada gratuita</p>', link_url: 'https://example.com/feira' }),
      adFactory({ title: 'Lateral Rádio Portal', ad_type: 'sidebar', position: 'bottom', content: '<p>Ouça a <strong>Rádio Portal</strong> ao vivo</p>' }),
      adFactory({ title: 'AdSense topo', ad_type: 'google_adsense', position: 'top', content: null, google_ad_client: 'ca-pub-0000000000000000', google_ad_slot: '1234567890' }),
      adFactory({ title: 'Campanha encerrada', ad_type: 'sidebar', position: 'top', content: '<p>Promoção encerrada</p>', end_date: new Date(now - 10 * day).toISOString() }),
      adFactory({ title: 'Anúncio inativo', ad_type: 'banner', position: 'bottom', content: '<p>Inativo</p>', is_active: false }),
    ]),
  );
  log('eventos e anúncios demo criados');
}
