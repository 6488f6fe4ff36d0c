/**
 * Select → crop ("Recortar Imagem") → upload → done (spec sections 2, 4, 5).
 * Used for news images (16:9, 800x450, min 100 px wide) and avatars (1:1, 200x200).
 */
import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PixelCrop, type Crop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { LIMITS } from '@portal/domain/limits';
import { cropToJpeg } from '../lib/crop.ts';
import { newsImageName, uploadImage } from '../lib/upload.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { useToast } from './ui/toast.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  onUploaded: (url: string) => void;
  aspect: number;
  output: { width: number; height: number; quality: number };
  minWidth?: number;
  folder: 'news-images' | 'avatars';
  fileName: () => string;
  title?: string;
};

/**
 * The spec's news image (crop 16:9, min 100 px wide, 800x450 JPEG 0.85, bucket
 * news-images, "news-<timestamp>.jpg"), shared by every form that takes one.
 */
export const NEWS_IMAGE_UPLOAD = {
  aspect: LIMITS.newsImage.aspect,
  output: { width: LIMITS.newsImage.width, height: LIMITS.newsImage.height, quality: LIMITS.newsImage.quality },
  minWidth: LIMITS.newsImage.minWidth,
  folder: 'news-images',
  fileName: () => newsImageName(),
} as const satisfies Pick<Props, 'aspect' | 'output' | 'minWidth' | 'folder' | 'fileName'>;

export function ImageUploadDialog({ open, onClose, onUploaded, aspect, output, minWidth = 0, folder, fileName, title = 'Enviar Imagem' }: Props) {
  const toast = useToast();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop>();
  const [done, setDone] = useState<PixelCrop | null>(null);
  const [busy, setBusy] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  function reset() {
    if (src) URL.revokeObjectURL(src);
    setSrc(null);
    setCrop(undefined);
    setDone(null);
  }

  function close() {
    reset();
    onClose();
  }

  function onSelect(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    reset();
    setSrc(URL.createObjectURL(file));
  }

  function onLoad(e: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = e.currentTarget;
    // Start with a centred crop of the right aspect so one click uploads.
    const c = centerCrop(makeAspectCrop({ unit: '%', width: 90 }, aspect, width, height), width, height);
    setCrop(c);
    setDone({ unit: 'px', x: (c.x / 100) * width, y: (c.y / 100) * height, width: (c.width / 100) * width, height: (c.height / 100) * height });
  }

  async function upload() {
    const image = img.current;
    if (!image || !done || done.width < 1 || done.height < 1) {
      toast.error('Por favor, selecione uma área para recortar');
      return;
    }
    setBusy(true);
    try {
      const blob = await cropToJpeg(image, done, output);
      const url = await uploadImage(blob, { folder, fileName: fileName() });
      toast.success('Imagem carregada com sucesso');
      onUploaded(url);
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
          A imagem será salva em {output.width}x{output.height} (JPEG).
        </p>
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
