#!/usr/bin/env bash
# Sets everything up, builds, and starts the portal on the embedded sandbox at
# http://localhost:3000 (PORT to change it). Ctrl+C stops it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
npm run build
exec npm start
