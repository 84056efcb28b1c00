#!/usr/bin/env bash
# CI stage: the Medusa plugin (integrations/medusa), its tests and its end-to-end test on a real
# Medusa 2.21 and a real Folio. Its packages (Medusa, ~1,000 of them) are the plugin's own,
# installed here into integrations/medusa/node_modules, not the repository's. Needs what
# `node scripts/setup.mjs --test` sets up for Folio (node_modules, Ghostscript, poppler-utils)
# and PostgreSQL on 127.0.0.1:5432 (trust): it makes its own databases folio_medusa_e2e_*.
# Ports 4710 (Medusa) and 4720 (Folio); MEDUSA_E2E_PG_URL, MEDUSA_E2E_PORT, FOLIO_E2E_PORT
# move them. `--install-only`: install the plugin's packages and stop (.ci/run starts that in the
# background at the beginning of the run, where the download waits on the network rather than
# on the two cores the test suites are using).
set -euo pipefail
cd "$(dirname "$0")/.."
PLUGIN=integrations/medusa

for tool in pdfinfo gs; do
  command -v "$tool" >/dev/null || { echo "[medusa] $tool is missing: run node scripts/setup.mjs --test first" >&2; exit 1; }
done
[ -x node_modules/.bin/tsx ] || { echo "[medusa] the repository's node_modules is missing: run node scripts/setup.mjs --test first" >&2; exit 1; }
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "[medusa] starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi

start=$(date +%s)
# the lock's hash, written after a complete install: same lock, no install
want=$(sha256sum "$PLUGIN/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$PLUGIN/node_modules/.folio-lock-sha256" 2>/dev/null || true)" != "$want" ]; then
  echo "[medusa] npm ci --prefix $PLUGIN"
  npm ci --prefix "$PLUGIN" --no-audit --no-fund --loglevel=error
  echo "$want" > "$PLUGIN/node_modules/.folio-lock-sha256"
fi
installed=$(date +%s)
echo "[medusa] install: $((installed - start)) s"
if [ "${1:-}" = "--install-only" ]; then exit 0; fi

echo "[medusa] plugin tests"
npm --prefix "$PLUGIN" test
echo "[medusa] end-to-end: real Medusa + real Folio"
npm --prefix "$PLUGIN" run e2e
echo "[medusa] install $((installed - start)) s, tests and e2e $(( $(date +%s) - installed )) s"
