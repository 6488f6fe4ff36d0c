/**
 * A Debian package the suite or the production topology needs and npm cannot
 * bring (Chromium for e2e, nginx for test:prod and start:prod). Installed with
 * apt-get when missing and we may (root); otherwise a clear pt-BR message says
 * what to run, instead of a test failing on a missing executable.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage(pkg: string, executable: string, log: (s: string) => void = console.log) {
  if (existsSync(executable)) return;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) throw new Error(`${executable} não encontrado: instale o pacote do Debian com "sudo apt-get install -y ${pkg}" e rode de novo`);
  log(`» Instalando o ${pkg} do Debian (apt-get)…`);
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', pkg]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`não foi possível instalar o ${pkg} (apt-get install ${pkg}); instale-o e rode de novo`);
  }
}
