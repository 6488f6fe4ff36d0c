/**
 * The supervisor npm start keeps Directus and the mail catcher under: a part
 * that stops by itself is started again; a part being stopped never is
 * (issue #32: on Ctrl-C, "Encerrando…" and then "Caixa de e-mails parou (0);
 * reiniciando em 1 s…"). Real child processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor, type Supervised } from './supervisor.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** A part: a process that runs until told otherwise and, like MailDev and Directus, ends on SIGINT or SIGTERM. */
async function part(): Promise<Supervised> {
  const child = spawn(process.execPath, ['-e', "setInterval(() => {}, 1000); process.stdout.write('up')"], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  await new Promise((r) => child.stdout!.once('data', r));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function supervised() {
  const log: string[] = [];
  let starts = 0;
  let restarted = 0;
  const s = new Supervisor({
    name: 'Caixa de e-mails',
    start: () => {
      starts++;
      return part();
    },
    onRestart: () => {
      restarted++;
    },
    log: (l) => log.push(l),
  });
  return { s, log, starts: () => starts, restarted: () => restarted };
}

const gone = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

describe('Supervisor', () => {
  it('a part that stops by itself is started again after the back-off, and whoever depends on it hears of it', async () => {
    const { s, log, starts, restarted } = supervised();
    const first = await s.start();
    first.child.kill('SIGKILL');
    await gone(first.child);
    await sleep(50);
    expect(log).toEqual(['Caixa de e-mails parou (SIGKILL); reiniciando em 1 s…']);
    for (let i = 0; i < 100 && !s.instance; i++) await sleep(50);
    expect(s.instance?.child.pid).not.toBe(first.child.pid);
    expect(log.at(-1)).toBe('Caixa de e-mails de volta');
    expect([starts(), restarted(), s.restarts]).toEqual([2, 1, 1]);
    await s.stop();
  });

  it('on Ctrl-C (every process of the terminal gets the SIGINT): a part that ends before its turn to be stopped is not restarted', async () => {
    const mail = supervised();
    const directus = supervised();
    await mail.s.start();
    const d = await directus.s.start();
    // npm start's shutdown: both stand down at once, then the parts are stopped one after another.
    for (const x of [mail, directus]) x.s.standDown();
    mail.s.instance!.child.kill('SIGINT'); // the terminal's Ctrl-C, reaching the mail catcher directly
    d.child.kill('SIGINT');
    await sleep(1_500); // past the first back-off
    await directus.s.stop();
    await mail.s.stop();
    expect([...mail.log, ...directus.log]).toEqual([]);
    expect([mail.starts(), directus.starts()]).toEqual([1, 1]);
    expect(mail.s.instance).toBeNull();
  });

  it('stopped while a restart waits: the restart never comes', async () => {
    const { s, log, starts } = supervised();
    const first = await s.start();
    first.child.kill('SIGKILL');
    await gone(first.child);
    await sleep(50);
    await s.stop();
    await sleep(1_500);
    expect(log).toEqual(['Caixa de e-mails parou (SIGKILL); reiniciando em 1 s…']);
    expect(starts()).toBe(1);
    expect(s.instance).toBeNull();
  });
});
