import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTvPrograms } from '@portal/domain/media-settings';
import { DEFAULT_SETTINGS } from '@portal/domain/settings';
import MediaDialogs, { randomTemperature } from './MediaDialogs.tsx';

const media = { programName: 'Manhã Paraense', tvLiveTitle: 'Jornal do Pará', tvLiveUrl: '', tvPrograms: parseTvPrograms(DEFAULT_SETTINGS.tv_programs) };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('radio and TV dialogs', () => {
  it('draws temperatures between 25 and 34 °C', () => {
    expect(randomTemperature(() => 0)).toBe(25);
    expect(randomTemperature(() => 0.9999)).toBe(34);
  });

  it('radio without a stream: clock ticks in Belém time, weather "céu limpo", and only "Fora do ar" — no play, no "No ar"', () => {
    render(<MediaDialogs youtubeUrl="https://youtube.com/@x" streamUrl="" initial="radio" {...media} />);
    expect(screen.getByTestId('radio-clock')).toHaveTextContent('09:00:00');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('radio-clock')).toHaveTextContent('09:00:01');
    expect(screen.getByText(/céu limpo/)).toBeInTheDocument();
    expect(screen.getByText('Manhã Paraense')).toBeInTheDocument();
    expect(screen.getByText('Fora do ar')).toBeInTheDocument();
    expect(screen.getByText('Transmissão indisponível no momento')).toBeInTheDocument();
    const play = screen.getByRole('button', { name: 'Tocar', hidden: true });
    expect(play).toBeDisabled();
    fireEvent.click(play);
    expect(screen.queryByText('No ar', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByText(/ON AIR/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Transmitindo ao vivo')).not.toBeInTheDocument();
  });

  it('TV without a live address: no "AO VIVO", no audience, an honest empty state, the programmes and the channel', () => {
    const tvPrograms = [
      { time: '06:30', title: 'Bom Dia Pará', youtube_url: 'https://www.youtube.com/watch?v=abc' },
      { time: '12:00', title: 'Jornal do Meio-Dia', youtube_url: '' },
    ];
    render(<MediaDialogs youtubeUrl="https://youtube.com/@x" streamUrl="" {...media} tvLiveTitle="Círio 2026 ao vivo" tvPrograms={tvPrograms} />);
    expect(screen.queryByText('AO VIVO')).not.toBeInTheDocument();
    expect(screen.queryByText('Círio 2026 ao vivo')).not.toBeInTheDocument();
    expect(screen.queryByText(/assistindo/)).not.toBeInTheDocument();
    expect(screen.getByText('Nenhuma transmissão ao vivo no momento')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bom Dia Pará', hidden: true })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc');
    expect(screen.getByText('Jornal do Meio-Dia')).toBeInTheDocument();
    expect(screen.getByText('06:30')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Ver canal completo no YouTube', hidden: true });
    expect(link).toHaveAttribute('href', 'https://youtube.com/@x');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('TV with a live address: "AO VIVO", its title and a link to the broadcast in a new tab, still no audience', () => {
    render(<MediaDialogs youtubeUrl="https://youtube.com/@x" streamUrl="" {...media} tvLiveTitle="Círio 2026 ao vivo" tvLiveUrl="https://www.youtube.com/watch?v=live" />);
    expect(screen.getByText('AO VIVO')).toBeInTheDocument();
    expect(screen.getByText('Círio 2026 ao vivo')).toBeInTheDocument();
    const live = screen.getByRole('link', { name: 'Assistir à transmissão', hidden: true });
    expect(live).toHaveAttribute('href', 'https://www.youtube.com/watch?v=live');
    expect(live).toHaveAttribute('target', '_blank');
    expect(screen.queryByText(/assistindo/)).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhuma transmissão ao vivo no momento')).not.toBeInTheDocument();
  });
});

describe('radio stream', () => {
  it('plays the configured stream with an HTML audio element', async () => {
    vi.useRealTimers();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const { container } = render(<MediaDialogs youtubeUrl="https://youtube.com/@x" streamUrl="https://radio.example/stream.mp3" {...media} />);
    expect(container.querySelector('audio')).toHaveAttribute('src', 'https://radio.example/stream.mp3');
    expect(screen.getByText('Fora do ar')).toBeInTheDocument();
    expect(screen.queryByText('No ar', { exact: true })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tocar', hidden: true }));
    expect(await screen.findByText('No ar', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Transmitindo ao vivo')).toBeInTheDocument();
    expect(screen.queryByText('Fora do ar')).not.toBeInTheDocument();
    expect(play).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Pausar', hidden: true }));
    expect(await screen.findByText('Pressione para ouvir', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Fora do ar')).toBeInTheDocument();
    expect(pause).toHaveBeenCalled();
    play.mockRestore();
    pause.mockRestore();
  });

  it('stays stopped when the stream cannot play', async () => {
    vi.useRealTimers();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('offline'));
    render(<MediaDialogs youtubeUrl="https://youtube.com/@x" streamUrl="https://radio.example/stream.mp3" {...media} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tocar', hidden: true }));
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(screen.getByText('Fora do ar')).toBeInTheDocument();
    expect(screen.queryByText('No ar', { exact: true })).not.toBeInTheDocument();
    play.mockRestore();
  });

  it('a stream that stops by itself (ended, dropped) goes back to "Fora do ar"', async () => {
    vi.useRealTimers();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { container } = render(<MediaDialogs youtubeUrl="https://youtube.com/@x" streamUrl="https://radio.example/stream.mp3" {...media} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tocar', hidden: true }));
    expect(await screen.findByText('No ar', { exact: true })).toBeInTheDocument();
    act(() => {
      container.querySelector('audio')!.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('Fora do ar')).toBeInTheDocument();
    expect(screen.queryByText('No ar', { exact: true })).not.toBeInTheDocument();
    play.mockRestore();
  });
});
