#!/usr/bin/env bash
# Shared set-up for npm start and npm test on a fresh machine: dependencies, PostgreSQL, Redis
# (started, or installed with apt where we can), and Chromium for the browser tests.
# Every step says what it does; a step it cannot do ends with what to do instead.

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m[setup]\033[0m %s\n' "$*" >&2; exit 1; }

PGHOST_CHECK=${PGHOST_CHECK:-127.0.0.1}
PGPORT_CHECK=${PGPORT_CHECK:-5432}

can_apt() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }

apt_install() {
  can_apt || fail "Please install: $* (needs root and apt-get)."
  say "installing $* with apt-get"
  if [ -z "${APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || fail "apt-get update failed"
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || fail "apt-get install $* failed"
}

ensure_node_modules() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm dependencies (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error || fail "npm ci failed"
  fi
}

# The dependency rules' checker lives apart from the workspaces (tools/depcheck: it needs
# TypeScript 5's parser API, which the project's TypeScript 7 does not have).
ensure_depcheck_tool() {
  if [ ! -d tools/depcheck/node_modules ] || [ tools/depcheck/package-lock.json -nt tools/depcheck/node_modules/.package-lock.json ]; then
    say "installing the dependency checker (tools/depcheck)"
    npm ci --prefix tools/depcheck --no-audit --no-fund --loglevel=error || fail "npm ci in tools/depcheck failed"
  fi
}

tcp_open() { (exec 3<>"/dev/tcp/$1/$2") >/dev/null 2>&1; }

ensure_postgres() {
  if tcp_open "$PGHOST_CHECK" "$PGPORT_CHECK"; then return 0; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_install postgresql
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$version" ] || fail "PostgreSQL is installed but has no cluster; create one with pg_createcluster."
  local hba="/etc/postgresql/$version/main/pg_hba.conf"
  # A fresh Debian cluster asks for a password over TCP; this local development set-up trusts loopback.
  if [ -w "$hba" ] && ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    say "allowing trusted loopback connections in $hba"
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  say "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || pg_ctlcluster "$version" main reload 2>/dev/null || true
  for _ in $(seq 1 30); do tcp_open "$PGHOST_CHECK" "$PGPORT_CHECK" && return 0; sleep 1; done
  fail "PostgreSQL did not start on $PGHOST_CHECK:$PGPORT_CHECK. Start it, or set DATABASE_URL to a reachable server."
}

ensure_redis() {
  if tcp_open 127.0.0.1 6379; then return 0; fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 20); do tcp_open 127.0.0.1 6379 && return 0; sleep 0.5; done
  fail "Redis did not start on 127.0.0.1:6379. Start it, or set REDIS_URL to a reachable server."
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  apt_install chromium
}

# The training videos' narration and encoding (npm run training:videos).
ensure_media_tools() {
  command -v espeak-ng >/dev/null 2>&1 || apt_install espeak-ng
  command -v ffmpeg >/dev/null 2>&1 || apt_install ffmpeg
}

build_web() {
  say "building the web client"
  npm run build -w @dealer/web --silent >/dev/null || fail "web build failed (run: npm run build -w @dealer/web)"
}
