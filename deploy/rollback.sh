#!/usr/bin/env bash
# Roll Pitchside back to the previous release and restart the service:
#   sudo /opt/pitchside/current/src/deploy/rollback.sh [--prefix DIR] [--dry-run] [--no-restart]
# Running it again rolls forward (current and previous swap). See deploy/README.md.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/install.sh" --rollback "$@"
