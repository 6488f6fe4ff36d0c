import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { audienceText, SendAlertButton } from './send-alert-button.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Enviar alerta', () => {
  it('asks first, saying how many readers will get it and how many alerts are left this hour, then sends the story', async () => {
    const calls = mockDirectus((c) =>
      c.method === 'POST' ? { id: 'a1', total: 1234, message: 'Alerta enviado para 1.234 inscritos.' } : { subscribers: 1234, perHour: 3, left: 2 },
    );
    renderApp(<SendAlertButton target={{ newsId: 'n1' }} />, { session: sessionFor('editor') });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar alerta' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Enviar alerta aos leitores' });
    expect(await within(dialog).findByText('O alerta vai para 1.234 leitores inscritos. Restam 2 alertas de 3 nesta hora.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar alerta' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/portal/push/alerts', body: { news_id: 'n1' } }));
    expect(await screen.findByText('Alerta enviado para 1.234 inscritos.')).toBeInTheDocument();
  });

  it('a live coverage entry goes as { entry_id } (issue #30)', async () => {
    const calls = mockDirectus((c) => (c.method === 'POST' ? { id: 'a3', total: 5, message: 'Alerta enviado para 5 inscritos.' } : { subscribers: 5, perHour: 3, left: 3 }));
    renderApp(<SendAlertButton target={{ entryId: 'e1' }} />, { session: sessionFor('editor') });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar alerta' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar alerta' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/portal/push/alerts', body: { entry_id: 'e1' } }));
  });

  it('the urgent message goes as { source: urgent }', async () => {
    const calls = mockDirectus((c) => (c.method === 'POST' ? { id: 'a2', total: 1, message: 'Alerta enviado para 1 inscrito.' } : { subscribers: 1, perHour: 3, left: 3 }));
    renderApp(<SendAlertButton target={{ urgent: true }} label="Alerta da mensagem urgente" />, { session: sessionFor('super_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Alerta da mensagem urgente' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar alerta' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { source: 'urgent' } }));
  });

  it('cannot send when nobody subscribed or the hour is used up; a refusal of the server shows as it says', async () => {
    expect(audienceText({ subscribers: 0, perHour: 3, left: 3 })).toBe('Ainda não há leitores inscritos para receber alertas.');
    mockDirectus((c) => {
      if (c.method === 'POST') throw apiError('Limite de 3 alertas por hora atingido. Tente de novo mais tarde.', 'PORTAL_TOO_MANY');
      return { subscribers: 10, perHour: 3, left: 0 };
    });
    renderApp(<SendAlertButton target={{ newsId: 'n1' }} />, { session: sessionFor('editor') });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar alerta' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByText('O alerta vai para 10 leitores inscritos. O limite de 3 alertas nesta hora foi atingido.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enviar alerta' })).toBeDisabled();
  });

  it("shows the server's refusal when the send itself is refused", async () => {
    mockDirectus((c) => {
      if (c.method === 'POST') throw apiError('Só é possível enviar alerta de uma notícia publicada.', 'PORTAL_INVALID');
      return { subscribers: 5, perHour: 3, left: 3 };
    });
    renderApp(<SendAlertButton target={{ newsId: 'n1' }} />, { session: sessionFor('editor') });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar alerta' }));
    const dialog = screen.getByRole('alertdialog');
    await within(dialog).findByText(/O alerta vai para 5 leitores inscritos/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar alerta' }));
    expect(await screen.findByText('Só é possível enviar alerta de uma notícia publicada.')).toBeInTheDocument();
  });
});
