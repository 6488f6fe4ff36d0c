import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../testing/render.tsx';
import { ImageUploadDialog } from './image-upload-dialog.tsx';

beforeEach(() => {
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:foto'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe('image upload dialog', () => {
  it('refuses to upload without a crop area', async () => {
    const calls = mockDirectus(() => ({}));
    renderApp(
      <ImageUploadDialog open onClose={() => {}} onUploaded={() => {}} aspect={16 / 9} output={{ width: 800, height: 450, quality: 0.85 }} folder="news-images" fileName={() => 'news-1.jpg'} />,
      { session: sessionFor('editor') },
    );
    expect(screen.getByRole('button', { name: 'Enviar imagem' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('Selecionar imagem'), new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('dialog', { name: 'Recortar Imagem' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar imagem' }));
    expect(await screen.findByText('Por favor, selecione uma área para recortar')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
