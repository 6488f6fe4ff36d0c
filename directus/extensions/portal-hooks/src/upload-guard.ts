/**
 * Uploads are real images (issue #10). Directus checks the declared type and
 * the size (FILES_MIME_TYPE_ALLOW_LIST, FILES_MAX_UPLOAD_SIZE); the bytes are
 * checked here, once a file is stored and before the client hears "saved": a
 * text file named .jpg or an HTML page sent as image/jpeg is deleted and the
 * upload refused in pt-BR. The stored type becomes what the bytes are.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { sniffImage, UPLOAD_ERROR } from '@portal/domain/files';

type Verify = (id: string) => Promise<boolean>;

export function fileIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
  return list.map((d) => (typeof d === 'string' ? d : (d as { id?: unknown })?.id)).filter((id): id is string => typeof id === 'string');
}

/**
 * `verify(id)` says whether a stored file is an accepted image (and fixes its
 * type); `discard(ids)` removes refused ones.
 */
export function mountUploadGuard(app: Router, verify: Verify, discard: (ids: string[]) => Promise<void>, log: (m: string) => void) {
  const guard = (_req: Request, res: Response, next: NextFunction) => {
    const json = res.json.bind(res);
    res.json = ((body: unknown) => {
      const ids = res.statusCode === 200 ? fileIds(body) : [];
      if (!ids.length) return json(body);
      void (async () => {
        const bad: string[] = [];
        for (const id of ids) if (!(await verify(id))) bad.push(id);
        if (!bad.length) return json(body);
        await discard(bad);
        res.status(400);
        json({ errors: [{ message: UPLOAD_ERROR, extensions: { code: 'PORTAL_INVALID' } }] });
      })().catch((e: unknown) => {
        log(`verificação de upload falhou: ${String(e)}`);
        res.status(500);
        json({ errors: [{ message: 'Não foi possível verificar o arquivo enviado', extensions: { code: 'INTERNAL' } }] });
      });
      return res;
    }) as Response['json'];
    next();
  };
  app.post('/files', guard);
  app.post('/files/import', guard);
  app.patch('/files/:pk', guard);
}

/** A stored asset's bytes, whatever the storage driver (uploads are at most 10 MB: FILES_MAX_UPLOAD_SIZE). */
export async function allOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export { sniffImage };
