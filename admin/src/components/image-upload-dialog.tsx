/**
 * Select → crop ("Recortar Imagem") → upload → done (spec sections 2, 4, 5).
 * Used for news images (16:9, at least 800x450, min 100 px wide) and avatars (1:1, 200x200).
 * A news crop keeps its own pixels up to 1920 px wide (issue #29): Google Discover
 * and Top Stories want 1200 px, and the renditions are never enlarged. A story's
 * featured image (`renditions`) also keeps the original as uploaded and its 4:3
 * and 1:1 versions around the crop's centre, cut from the original here.
 */
import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PixelCrop, type Crop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { LARGE_IMAGE_MIN_WIDTH, RENDITION_ASPECTS, renditionArea, renditionSize, savedCropSize, type RenditionAspect } from '@portal/domain/images';
import { LIMITS } from '@portal/domain/limits';
import { areaToJpeg, cropToJpeg, naturalArea } from '../lib/crop.ts';
import { newsImageName, uploadImage } from '../lib/upload.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { useToast } from './ui/toast.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  /** `renditions`: with the `renditions` prop, the JSON of the original and the 4:3 and 1:1 versions (null if they failed). */
  onUploaded: (url: string, extra?: { renditions: string | null }) => void;
  aspect: number;
  /** Keep the original and its 4:3 and 1:1 versions beside the crop (a story's featured image, issue #29). */
  renditions?: boolean;
  /** The saved size; with `maxWidth`, a larger crop keeps its own pixels up to it (domain savedCropSize). */
  output: { width: number; height: number; quality: number; maxWidth?: number };
  minWidth?: number;
  folder: 'news-images' | 'avatars';
  fileName: () => string;
  title?: string;
};

/**
 * The spec's news image (crop 16:9, min 100 px wide, JPEG 0.85, bucket
 * news-images, "news-<timestamp>.jpg"), at least 800x450 and up to 1920 px
 * wide, shared by every form that takes one.
 */
export const NEWS_IMAGE_UPLOAD = {
  aspect: LIMITS.newsImage.aspect,
  output: { width: LIMITS.newsImage.width, height: LIMITS.newsImage.height, quality: LIMITS.newsImage.quality, maxWidth: LIMITS.newsImage.maxWidth },
  minWidth: LIMITS.newsImage.minWidth,
  folder: 'news-images',
  fileName: () => newsImageName(),
} as const satisfies Pick<Props, 'aspect' | 'output' | 'minWidth' | 'folder' | 'fileName'>;

export function ImageUploadDialog({ open, onClose, onUploaded, aspect, output, minWidth = 0, folder, fileName, title = 'Enviar Imagem', renditions = false }: Props) {
  const toast = useToast();
  const [src, setSrc] = useState<string | null>(null);
  const [original, setOriginal] = useState<File | null>(null);
  const [crop, setCrop] = useState<Crop>();
  const [done, setDone] = useState<PixelCrop | null>(null);
  const [busy, setBusy] = useState(false);
  /** The picture's displayed and natural sizes, read when it loads: the crop is in displayed pixels. */
  const [sizes, setSizes] = useState<{ displayed: { width: number; height: number }; natural: { width: number; height: number } } | null>(null);
  const img = useRef<HTMLImageElement>(null);
  const cropWidth = done && sizes ? naturalArea(done, sizes.displayed, sizes.natural).width : 0;
  const saved = savedCropSize(cropWidth, output);
  // Only news images (those that grow with the crop) are shown large by search engines.
  const belowLarge = !!output.maxWidth && cropWidth > 0 && cropWidth < LARGE_IMAGE_MIN_WIDTH;

  function reset() {
    if (src) URL.revokeObjectURL(src);
    setSrc(null);
    setOriginal(null);
    setCrop(undefined);
    setDone(null);
    setSizes(null);
  }

  function close() {
    reset();
    onClose();
  }

  function onSelect(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    reset();
    setOriginal(file);
    setSrc(URL.createObjectURL(file));
  }

  function onLoad(e: SyntheticEvent<HTMLImageElement>) {
    const { width, height, naturalWidth, naturalHeight } = e.currentTarget;
    setSizes({ displayed: { width, height }, natural: { width: naturalWidth, height: naturalHeight } });
    // Start with a centred crop of the right aspect so one click uploads.
    const c = centerCrop(makeAspectCrop({ unit: '%', width: 90 }, aspect, width, height), width, height);
    setCrop(c);
    setDone({ unit: 'px', x: (c.x / 100) * width, y: (c.y / 100) * height, width: (c.width / 100) * width, height: (c.height / 100) * height });
  }

  /**
   * The 4:3 and 1:1 versions, cut from the original around the crop's centre at their own pixels (never enlarged),
   * and the original as uploaded. The crop stands without them: a failure leaves the story with its 16:9 image only.
   */
  async function keepRenditions(image: HTMLImageElement, area: PixelCrop): Promise<string | null> {
    const natural = { width: image.naturalWidth, height: image.naturalHeight };
    const crop = naturalArea(area, { width: image.width, height: image.height }, natural);
    try {
      // Drawn one after the other (one canvas at a time on a phone), sent together.
      const versions: Array<[RenditionAspect, Blob]> = [];
      for (const [key, ratio] of Object.entries(RENDITION_ASPECTS) as Array<[RenditionAspect, number]>) {
        const region = renditionArea(natural, crop, ratio);
        versions.push([key, await areaToJpeg(image, region, { ...renditionSize(region), quality: output.quality })]);
      }
      // The server may refuse the original (over 10 MB, a format it does not take): the versions stand. Kept by
      // its id, private: it holds what the crop cut away (domain/images ImageRenditions).
      const ext = /\.[a-z0-9]+$/i.exec(original?.name ?? '')?.[0] ?? '';
      const [kept, ...sent] = await Promise.all([
        original ? uploadImage(original, { folder, fileName: fileName().replace(/\.jpg$/, `-original${ext}`) }).catch(() => null) : null,
        ...versions.map(([key, blob]) => uploadImage(blob, { folder, fileName: fileName().replace(/\.jpg$/, `-${key.replace(':', 'x')}.jpg`) })),
      ]);
      const out = Object.fromEntries(versions.map(([key], i) => [key, sent[i]!]));
      return JSON.stringify({ original: kept ? kept.split('/').pop()! : null, ...out });
    } catch {
      return null;
    }
  }

  async function upload() {
    const image = img.current;
    if (!image || !done || done.width < 1 || done.height < 1) {
      toast.error('Por favor, selecione uma área para recortar');
      return;
    }
    setBusy(true);
    try {
      const blob = await cropToJpeg(image, done, { ...saved, quality: output.quality });
      const url = await uploadImage(blob, { folder, fileName: fileName() });
      const extra = renditions ? { renditions: await keepRenditions(image, done) } : undefined;
      toast.success('Imagem carregada com sucesso');
      onUploaded(url, extra);
      close();
    } catch {
      toast.error('Erro ao fazer upload da imagem');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title={src ? 'Recortar Imagem' : title} onClose={close} size="lg">
      <div className="space-y-4">
        <div>
          <label htmlFor="image-upload-file" className="block text-sm font-medium">
            Selecionar imagem
          </label>
          <input id="image-upload-file" type="file" accept="image/*" onChange={onSelect} className="mt-1 text-sm" />
        </div>
        {src && (
          <div className="max-h-[60vh] overflow-auto">
            <ReactCrop crop={crop} aspect={aspect} minWidth={minWidth} keepSelection onChange={(c) => setCrop(c)} onComplete={(c) => setDone(c)}>
              <img ref={img} src={src} alt="Pré-visualização do recorte" onLoad={onLoad} className="max-w-full" />
            </ReactCrop>
          </div>
        )}
        <p className="text-xs text-slate-500">
          A imagem será salva em {saved.width}x{saved.height} (JPEG).
        </p>
        {belowLarge && (
          <p role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            O recorte tem {Math.floor(cropWidth)} px de largura, menos de {LARGE_IMAGE_MIN_WIDTH} px: a imagem será aceita, mas o Google Discover e as buscas
            podem não mostrá-la em tamanho grande. Se puder, use uma foto maior.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={upload} disabled={busy || !src}>
            {busy ? 'Enviando...' : 'Enviar imagem'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
