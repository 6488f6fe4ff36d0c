/**
 * The local mail catcher (MailDev: SMTP plus a web inbox and a JSON API) that
 * `npm start` and the e2e suite point Directus at, so every mail the product
 * sends (password reset, staff invitation, sign-up confirmation) can be read,
 * followed and tested here (issue #13). Production sends through the SMTP
 * server of its environment (docker-compose.yml) instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../directus/scripts/lib/paths.ts';

export type MailCatcher = { smtpPort: number; inboxUrl: string; child: ChildProcess; stop: () => Promise<void> };

const BIN = path.join(ROOT, 'node_modules/maildev/dist/bin/maildev.js');

export async function startMailCatcher(o: { smtpPort: number; webPort: number; dir: string }): Promise<MailCatcher> {
  mkdirSync(o.dir, { recursive: true });
  const args = [BIN, '--smtp', String(o.smtpPort), '--web', String(o.webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', o.dir, '--max-emails', '500'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)));
  const inboxUrl = `http://127.0.0.1:${o.webPort}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`a caixa de e-mails local (MailDev) parou ao iniciar:\n${err}`);
    const ok = await fetch(`${inboxUrl}/api/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 150) throw new Error('a caixa de e-mails local (MailDev) não respondeu em 15 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { smtpPort: o.smtpPort, inboxUrl, child, stop };
}

export type CaughtMail = { id: string; subject: string; html: string; text: string; to: { address: string }[]; headers: Record<string, string> };

/** Every mail the catcher holds for `address`, newest first. */
export async function mailsTo(inboxUrl: string, address: string): Promise<CaughtMail[]> {
  const all = (await (await fetch(`${inboxUrl}/api/email`)).json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase())).reverse();
}

/**
 * One header of a caught mail, unfolded, read from its raw source (the JSON
 * API lists only a few headers).
 */
export async function mailHeader(inboxUrl: string, id: string, name: string): Promise<string | undefined> {
  const source = await (await fetch(`${inboxUrl}/api/email/${id}/source`)).text();
  const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The href of the caught mail's link whose text is `label`. */
export function linkIn(mail: CaughtMail, label: string): string {
  const m = new RegExp(`<a[^>]*href="([^"]+)"[^>]*>\\s*${label}\\s*</a>`).exec(mail.html);
  if (!m) throw new Error(`link "${label}" não está no e-mail "${mail.subject}"`);
  return m[1]!.replace(/&amp;/g, '&');
}
