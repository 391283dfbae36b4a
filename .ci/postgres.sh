#!/usr/bin/env bash
# Installs (when missing) and starts a local PostgreSQL for the server's storage tests, and
# prints the URL the tests use. Debian's package; the cluster listens on 127.0.0.1 only.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q " main "; then
    pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
for _ in $(seq 1 300); do  # a cluster recovering from an unclean stop takes a while (minutes on a busy machine)
    if su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1; then break; fi
    sleep 1
done
su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'contraband'\"" >/dev/null
echo "postgresql://postgres:contraband@127.0.0.1:5432/postgres"
