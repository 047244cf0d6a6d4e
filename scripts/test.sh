#!/usr/bin/env bash
# Sets everything up (Node 24, Chromium, packages) and runs the whole test suite.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh" --browser
exec npm test
