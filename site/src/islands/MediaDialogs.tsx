import { useEffect, useRef, useState } from 'react';
import { clockPtBR } from '@portal/domain/dates';
import { LIMITS } from '@portal/domain/limits';
import type { TvProgram } from '@portal/domain/media-settings';
import Icon from '../components/Icon.tsx';

export type Which = 'radio' | 'tv';
/** What the dialogs show comes from the settings (issue #13); defaults live in domain/settings. */
export type MediaProps = { youtubeUrl: string; streamUrl: string; programName: string; tvLiveTitle: string; tvLiveUrl: string; tvPrograms: TvProgram[]; initial?: Which };

export const randomTemperature = (rand = Math.random) =>
  LIMITS.weatherMinC + Math.floor(rand() * (LIMITS.weatherMaxC - LIMITS.weatherMinC + 1));

/**
 * The Rádio and TV Web dialogs (native <dialog>: focus trap and Esc for free),
 * opened by any element with data-open-dialog="radio|tv" (header buttons,
 * sidebar cards, footer links). Mounted on the first click only
 * (lib/browser/media.ts), so pages pay nothing for them until then.
 */
export default function MediaDialogs({ youtubeUrl, streamUrl, programName, tvLiveTitle, tvLiveUrl, tvPrograms, initial }: MediaProps) {
  const radio = useRef<HTMLDialogElement>(null);
  const tv = useRef<HTMLDialogElement>(null);
  // showModal is missing in old browsers and jsdom.
  const open = (w: Which) => (w === 'radio' ? radio : tv).current?.showModal?.();

  useEffect(() => {
    if (initial) open(initial);
    const onClick = (e: MouseEvent) => {
      const w = (e.target as HTMLElement).closest<HTMLElement>('[data-open-dialog]')?.dataset.openDialog as Which | undefined;
      if (w === 'radio' || w === 'tv') {
        e.preventDefault();
        open(w);
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
    // Mount-only on purpose: `initial` is the click that mounted the dialogs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <Dialog ref={radio} title="Rádio Web" labelId="radio-title">
        <RadioBody streamUrl={streamUrl} programName={programName} dialog={radio} />
      </Dialog>
      <Dialog ref={tv} title="TV Web" labelId="tv-title">
        <TvBody youtubeUrl={youtubeUrl} liveTitle={tvLiveTitle} liveUrl={tvLiveUrl} programs={tvPrograms} />
      </Dialog>
    </>
  );
}

function Dialog({ ref, title, labelId, children }: { ref: React.Ref<HTMLDialogElement>; title: string; labelId: string; children: React.ReactNode }) {
  return (
    <dialog ref={ref} aria-labelledby={labelId} className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 text-gray-900 shadow-xl backdrop:bg-black/60">
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
        <h2 id={labelId} className="text-lg font-bold">
          {title}
        </h2>
        <form method="dialog">
          <button className="rounded p-1 text-2xl leading-none hover:bg-gray-100" aria-label="Fechar">
            <span aria-hidden="true">×</span>
          </button>
        </form>
      </div>
      <div className="p-5">{children}</div>
    </dialog>
  );
}

function RadioBody({ streamUrl, programName, dialog }: { streamUrl: string; programName: string; dialog: React.RefObject<HTMLDialogElement | null> }) {
  const [playing, setPlaying] = useState(false);
  const [now, setNow] = useState<Date | null>(null);
  const [temp, setTemp] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    setNow(new Date());
    const clock = setInterval(() => setNow(new Date()), LIMITS.clockTickMs);
    setTemp(randomTemperature());
    const weather = setInterval(() => setTemp(randomTemperature()), LIMITS.weatherRefreshMs);
    return () => {
      clearInterval(clock);
      clearInterval(weather);
    };
  }, []);

  // Closing the dialog stops the stream; the player's own events say whether it plays (a dropped stream is "Fora do ar").
  useEffect(() => {
    const d = dialog.current;
    const a = audio.current;
    const onClose = () => audio.current?.pause();
    const stopped = () => setPlaying(false);
    const started = () => setPlaying(true);
    d?.addEventListener('close', onClose);
    a?.addEventListener('playing', started);
    for (const ev of ['pause', 'ended', 'error', 'emptied']) a?.addEventListener(ev, stopped);
    return () => {
      d?.removeEventListener('close', onClose);
      a?.removeEventListener('playing', started);
      for (const ev of ['pause', 'ended', 'error', 'emptied']) a?.removeEventListener(ev, stopped);
    };
  }, [dialog, streamUrl]);

  async function toggle() {
    const a = audio.current;
    if (!a) return; // no stream configured: nothing to play
    if (playing) {
      a.pause();
      setPlaying(false);
      return;
    }
    try {
      await a.play();
      setPlaying(true);
    } catch {
      setPlaying(false); // stream unreachable: stay "Fora do ar"
    }
  }

  // "No ar" only while the stream really plays (issue #34, item 10): never beside "Fora do ar".
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {streamUrl && <audio ref={audio} src={streamUrl} preload="none" />}
      <button
        type="button"
        onClick={toggle}
        disabled={!streamUrl}
        aria-pressed={playing}
        aria-label={playing ? 'Pausar' : 'Tocar'}
        className="flex h-20 w-20 items-center justify-center rounded-full bg-brand text-3xl text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Icon name={playing ? 'pause' : 'play'} size={32} />
      </button>
      <p className="text-lg font-semibold" aria-live="polite">
        {playing ? 'No ar' : streamUrl ? 'Pressione para ouvir' : 'Transmissão indisponível no momento'}
      </p>
      <p className="text-gray-700">{programName}</p>
      <p className="font-mono text-3xl" data-testid="radio-clock">
        {now ? clockPtBR(now) : '--:--:--'}
      </p>
      <p className="text-gray-700">Belém: {temp === null ? '--' : temp}°C, céu limpo</p>
      <p className={`badge ${playing ? 'bg-green-700 text-white' : 'bg-gray-200 text-gray-800'}`}>{playing ? 'Transmitindo ao vivo' : 'Fora do ar'}</p>
    </div>
  );
}

/** "AO VIVO" only with a live address configured; no invented audience (issue #34, item 10). */
function TvBody({ youtubeUrl, liveTitle, liveUrl, programs }: { youtubeUrl: string; liveTitle: string; liveUrl: string; programs: TvProgram[] }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex aspect-video items-center justify-center rounded bg-gray-900 text-white">
        {liveUrl ? (
          <div className="text-center">
            <span className="badge bg-red-700 text-white">AO VIVO</span>
            <p className="mt-2 text-lg font-semibold">{liveTitle}</p>
            <a href={liveUrl} target="_blank" rel="noopener noreferrer" className="btn mt-3 bg-white text-gray-900 hover:bg-gray-100">
              Assistir à transmissão
            </a>
          </div>
        ) : (
          <div className="px-4 text-center">
            <p className="text-lg font-semibold">Nenhuma transmissão ao vivo no momento</p>
            <p className="mt-1 text-sm text-gray-200">Confira a programação abaixo e os vídeos no canal.</p>
          </div>
        )}
      </div>
      <div>
        <h3 className="mb-2 font-semibold">Programação</h3>
        <ul className="divide-y divide-gray-200 text-sm">
          {programs.map((p, i) => (
            <li key={i} className="flex items-center justify-between gap-3 py-2">
              <span>
                {p.youtube_url ? (
                  <a href={p.youtube_url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
                    {p.title}
                  </a>
                ) : (
                  p.title
                )}
              </span>
              <span className="text-gray-600">{p.time}</span>
            </li>
          ))}
        </ul>
      </div>
      <a href={youtubeUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
        Ver canal completo no YouTube
      </a>
    </div>
  );
}
