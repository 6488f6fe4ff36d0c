import { describe, expect, it } from 'vitest';
import { canAccessArea, isAdmin, isEditorLevel, roleColor, roleLabel, sidebarFor } from './roles.ts';

describe('role helpers (spec §6)', () => {
  it('labels roles and falls back to Usuário', () => {
    expect(roleLabel('super_admin')).toBe('Super Admin');
    expect(roleLabel('editor')).toBe('Editor');
    expect(roleLabel('producer')).toBe('Produtor');
    expect(roleLabel('reader')).toBe('Usuário');
    expect(roleLabel(null)).toBe('Usuário');
  });
  it('colours badges red, blue, green', () => {
    expect([roleColor('super_admin'), roleColor('editor'), roleColor('producer'), roleColor(undefined)]).toEqual(['red', 'blue', 'green', 'gray']);
  });
  it('super_admin is admin; editor and super_admin are editor-level', () => {
    expect(isAdmin('super_admin')).toBe(true);
    expect(isAdmin('editor')).toBe(false);
    expect(isEditorLevel('editor')).toBe(true);
    expect(isEditorLevel('super_admin')).toBe(true);
    expect(isEditorLevel('producer')).toBe(false);
  });
});

describe('areas per role', () => {
  it('producer sees only Dashboard, Notícias and the live coverages (issue #30)', () => {
    expect(sidebarFor('producer').map((a) => a.label)).toEqual(['Dashboard', 'Notícias', 'Coberturas ao vivo']);
  });
  it('editor adds Categorias, Eventos, Rádio Web, TV Web, Relatórios', () => {
    expect(sidebarFor('editor').map((a) => a.label)).toEqual(['Dashboard', 'Notícias', 'Coberturas ao vivo', 'Categorias', 'Eventos', 'Rádio Web', 'TV Web', 'Relatórios']);
  });
  it('super_admin sees the spec\'s eleven entries in order, plus the live coverages (issue #30), Newsletter (issue #13) and Saúde do portal (issue #28)', () => {
    expect(sidebarFor('super_admin').map((a) => a.path)).toEqual([
      '/admin',
      '/admin/news',
      '/admin/ao-vivo',
      '/admin/categories',
      '/admin/municipalities',
      '/admin/events',
      '/admin/profiles',
      '/admin/ads',
      '/admin/radio',
      '/admin/tv',
      '/admin/reports',
      '/admin/newsletter',
      '/admin/health',
      '/admin/settings',
    ]);
  });
  it('a user without a staff role reaches nothing', () => {
    expect(sidebarFor(null)).toEqual([]);
    expect(canAccessArea('reader', 'news')).toBe(false);
  });
  it('editor cannot reach ads or settings', () => {
    expect(canAccessArea('editor', 'ads')).toBe(false);
    expect(canAccessArea('editor', 'settings')).toBe(false);
  });
});
