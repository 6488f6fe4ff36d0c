import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { AdForm } from './ad-form.tsx';

afterEach(() => vi.restoreAllMocks());

describe('ad form', () => {
  it('defaults to banner / top / active and requires title and content', async () => {
    const calls = mockDirectus(() => ({}));
    renderApp(<AdForm ad={null} onDone={() => {}} />, { session: sessionFor('super_admin') });
    expect(screen.getByRole('heading', { name: 'Criar Anúncio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tipo')).toHaveValue('banner');
    expect(screen.getByLabelText('Posição')).toHaveValue('top');
    expect(screen.getByLabelText('Ativo')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Título é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Conteúdo é obrigatório')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('AdSense: publisher and unit ids required, destination URL disabled, content optional', async () => {
    const calls = mockDirectus(() => ({}));
    const onDone = vi.fn();
    renderApp(<AdForm ad={null} onDone={onDone} />, { session: sessionFor('super_admin') });
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'google_adsense');
    expect(screen.getByLabelText('URL de destino')).toBeDisabled();
    expect(screen.getByLabelText('Publisher ID')).toHaveAttribute('placeholder', 'ca-pub-XXXXXXXXX');
    await userEvent.type(screen.getByLabelText('Título'), 'AdSense topo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Publisher ID é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Ad Unit ID é obrigatório')).toBeInTheDocument();
    expect(screen.queryByText('Conteúdo é obrigatório')).toBeNull();
    await userEvent.type(screen.getByLabelText('Publisher ID'), 'ca-pub-123');
    await userEvent.type(screen.getByLabelText('Ad Unit ID'), '456');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ ad_type: 'google_adsense', google_ad_client: 'ca-pub-123', google_ad_slot: '456', link_url: null, google_ad_format: 'auto', google_ad_responsive: true });
  });

  it('sends the date window as ISO timestamps, or null when blank', async () => {
    const calls = mockDirectus(() => ({}));
    renderApp(<AdForm ad={null} onDone={() => {}} />, { session: sessionFor('super_admin') });
    await userEvent.type(screen.getByLabelText('Título'), 'Janela');
    await userEvent.type(screen.getByLabelText('Conteúdo (HTML)'), '<p>oi</p>');
    await userEvent.type(screen.getByLabelText('Data de início'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ start_date: '2026-03-01T03:00:00.000Z', end_date: null });
  });

  it('a failed save is logged, toasted and the form stays open', async () => {
    mockDirectus(() => {
      throw new Error('boom');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onDone = vi.fn();
    renderApp(<AdForm ad={null} onDone={onDone} />, { session: sessionFor('super_admin') });
    await userEvent.type(screen.getByLabelText('Título'), 'Falha');
    await userEvent.type(screen.getByLabelText('Conteúdo (HTML)'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível criar o anúncio.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Criar Anúncio' })).toBeInTheDocument();
  });
});
