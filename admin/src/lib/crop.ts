/** Draws the chosen crop of an image into a fixed-size JPEG (news 800x450, avatar 200x200). */
export type PixelArea = { x: number; y: number; width: number; height: number };

/** Crop coordinates are in displayed pixels; scale them to the image's natural size. */
export function naturalArea(area: PixelArea, displayed: { width: number; height: number }, natural: { width: number; height: number }): PixelArea {
  const sx = displayed.width ? natural.width / displayed.width : 1;
  const sy = displayed.height ? natural.height / displayed.height : 1;
  return { x: area.x * sx, y: area.y * sy, width: area.width * sx, height: area.height * sy };
}

export function cropToJpeg(image: HTMLImageElement, area: PixelArea, out: { width: number; height: number; quality: number }): Promise<Blob> {
  return areaToJpeg(image, naturalArea(area, { width: image.width, height: image.height }, { width: image.naturalWidth, height: image.naturalHeight }), out);
}

/** Draws `src`, a region in the image's own pixels, into a JPEG of `out`'s size. */
export function areaToJpeg(image: HTMLImageElement, src: PixelArea, out: { width: number; height: number; quality: number }): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas indisponível'));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, src.x, src.y, src.width, src.height, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('falha ao gerar a imagem'))), 'image/jpeg', out.quality),
  );
}
