import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { AdsScreen } from './ads-screen.tsx';

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const row = (id: string, title: string, over: Record<string, unknown>) => ({
  id,
  title,
  content: '<p>x</p>',
  ad_type: 'banner',
  position: 'top',
  link_url: null,
  is_active: true,
  start_date: null,
  end_date: null,
  created_at: iso(-30),
  ...over,
});
const ROWS = [
  row('1', 'Sem janela', {}),
  row('2', 'Começa semana que vem', { start_date: iso(7) }),
  row('3', 'Terminou em 16/11', { end_date: iso(-3) }),
  row('4', 'Desligado', { is_active: false, end_date: iso(-3) }),
  row('5', 'Banner à esquerda', { position: 'left' }),
];

afterEach(() => vi.restoreAllMocks());

describe('Gerenciar Publicidade: list status (issue #34)', () => {
  it('the badge tells Ativo, Agendado, Expirado and Inativo from the switch and the window', async () => {
    mockDirectus((c) => (c.path === '/items/ads' ? ROWS : [{ count: ROWS.length }]));
    renderApp(<AdsScreen />, { session: sessionFor('super_admin') });
    const status = async (title: string) => within((await screen.findByText(title)).closest('tr')!).getAllByRole('cell')[3]!.textContent;
    expect(await status('Sem janela')).toBe('Ativo');
    expect(await status('Começa semana que vem')).toBe('Agendado');
    expect(await status('Terminou em 16/11')).toBe('Expirado');
    expect(await status('Desligado')).toBe('Inativo');
    // The switch stays the flag: an expired ad is still switched on.
    expect(screen.getByRole('switch', { name: 'Status de Terminou em 16/11' })).toBeChecked();
    // A position that shows nowhere is said so in the list.
    expect(within(screen.getByText('Banner à esquerda').closest('tr')!).getByText('Não aparece no site')).toBeInTheDocument();
  });
});

describe('ad form: only positions that show, and where (issue #34)', () => {
  it('each type offers its positions and says where the ad appears', async () => {
    mockDirectus((c) => (c.path === '/items/ads' ? [] : [{ count: 0 }]));
    renderApp(<AdsScreen />, { session: sessionFor('super_admin') });
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Anúncio' }));
    const position = screen.getByLabelText('Posição');
    const options = () => within(position).getAllByRole('option').map((o) => o.textContent);
    expect(options()).toEqual(['Topo', 'Rodapé']);
    expect(position).toHaveAccessibleDescription('Onde aparece: Faixa abaixo do cabeçalho, em todas as páginas do site.');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'inline');
    expect([options(), (position as HTMLSelectElement).value]).toEqual([['Centro'], 'center']);
    expect(screen.getByTestId('ad-position-help')).toHaveTextContent('Dentro das notícias, depois do segundo parágrafo.');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'popup');
    expect(screen.getByTestId('ad-position-help')).toHaveTextContent('Janela sobre a página, uma vez por visita');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'sidebar');
    expect([options(), (position as HTMLSelectElement).value]).toEqual([['Topo', 'Rodapé'], 'top']);
    expect(screen.getByTestId('ad-position-help')).toHaveTextContent('Coluna lateral da página inicial, no alto.');
  });
});
