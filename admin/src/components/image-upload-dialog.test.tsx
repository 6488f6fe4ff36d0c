import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../testing/render.tsx';
import { ImageUploadDialog, NEWS_IMAGE_UPLOAD } from './image-upload-dialog.tsx';

/** A picture of `natural` pixels shown `shown` pixels wide (jsdom lays nothing out). */
function loadPicture(natural: { width: number; height: number }, shown: number) {
  const img = screen.getByRole('img', { name: 'Pré-visualização do recorte' });
  const scale = shown / natural.width;
  for (const [k, v] of Object.entries({ naturalWidth: natural.width, naturalHeight: natural.height, width: shown, height: natural.height * scale }))
    Object.defineProperty(img, k, { configurable: true, value: v });
  fireEvent.load(img);
}

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

  it('a news crop is saved at its own size; under 1200 px it is accepted with a warning (issue #29)', async () => {
    mockDirectus(() => ({}));
    renderApp(<ImageUploadDialog open onClose={() => {}} onUploaded={() => {}} {...NEWS_IMAGE_UPLOAD} />, { session: sessionFor('editor') });
    await userEvent.upload(screen.getByLabelText('Selecionar imagem'), new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
    // 1200 px wide: the default crop (90 %) is 1080 px of the picture's own pixels.
    loadPicture({ width: 1200, height: 675 }, 600);
    expect(await screen.findByText('A imagem será salva em 1072x603 (JPEG).')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('O recorte tem 1080 px de largura, menos de 1200 px: a imagem será aceita');
    expect(screen.getByRole('button', { name: 'Enviar imagem' })).toBeEnabled();
  });

  it('a large photo: saved large, no warning; an avatar is always 200x200', async () => {
    mockDirectus(() => ({}));
    const { unmount } = renderApp(<ImageUploadDialog open onClose={() => {}} onUploaded={() => {}} {...NEWS_IMAGE_UPLOAD} />, { session: sessionFor('editor') });
    await userEvent.upload(screen.getByLabelText('Selecionar imagem'), new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
    loadPicture({ width: 4000, height: 3000 }, 800);
    expect(await screen.findByText('A imagem será salva em 1920x1080 (JPEG).')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();
    renderApp(
      <ImageUploadDialog open onClose={() => {}} onUploaded={() => {}} aspect={1} output={{ width: 200, height: 200, quality: 0.9 }} folder="avatars" fileName={() => 'avatar-1.jpg'} />,
      { session: sessionFor('editor') },
    );
    await userEvent.upload(screen.getByLabelText('Selecionar imagem'), new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
    loadPicture({ width: 300, height: 300 }, 300);
    expect(await screen.findByText('A imagem será salva em 200x200 (JPEG).')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
