/**
 * Factories shared by the demo seed and the tests: a valid payload with
 * sensible defaults, overridable field by field.
 */
import { randomUUID } from 'node:crypto';
import type { Ad, News, PortalEvent } from '@portal/domain/schema';

let seq = 0;
const next = () => `${Date.now().toString(36)}-${(seq++).toString(36)}-${randomUUID().slice(0, 6)}`;

export type NewsInput = Partial<Omit<News, 'id' | 'created_at' | 'updated_at' | 'view_count' | 'like_count'>>;

export function newsFactory(overrides: NewsInput = {}): NewsInput {
  const n = next();
  return {
    title: `Notícia de teste ${n}`,
    summary: 'Resumo da notícia de teste.',
    content: 'Primeiro parágrafo da notícia.\nSegundo parágrafo da notícia.',
    status: 'draft',
    is_featured: false,
    ...overrides,
  };
}

export function categoryFactory(overrides: Partial<{ name: string; slug: string; description: string | null }> = {}) {
  return { name: `Categoria ${next()}`, description: null, ...overrides };
}

export function municipalityFactory(overrides: Partial<{ name: string; slug: string }> = {}) {
  return { name: `Município ${next()}`, ...overrides };
}

export function eventFactory(overrides: Partial<Omit<PortalEvent, 'id'>> = {}): Partial<PortalEvent> {
  return {
    title: `Evento ${next()}`,
    event_date: new Date().toISOString(),
    location: 'Belém',
    image_url: null,
    url: null,
    is_active: true,
    ...overrides,
  };
}

export function adFactory(overrides: Partial<Omit<Ad, 'id' | 'created_at'>> = {}): Partial<Ad> {
  return {
    title: `Anúncio ${next()}`,
    content: '<p>Anuncie aqui</p>',
    ad_type: 'banner',
    position: 'top',
    link_url: null,
    is_active: true,
    start_date: null,
    end_date: null,
    google_ad_format: 'auto',
    google_ad_responsive: true,
    ...overrides,
  };
}
