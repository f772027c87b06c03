#!/bin/sh
# The image's entrypoint (docs/decisions/049): runs its command (node dist/server.js by default)
# in its own place (exec), so node is the process tini passes SIGTERM to.
#
# The compose trial only: when OUTPOST_TRIAL_KEYS names a file and STAFF_LINK_SECRET is not set,
# the key is read from that file, which the first service to start writes with a random value
# (a volume the services share, so every instance signs staff links with the same key). Set
# STAFF_LINK_SECRET yourself (.env) and the file is neither written nor read.
set -eu
if [ -n "${OUTPOST_TRIAL_KEYS:-}" ] && [ -z "${STAFF_LINK_SECRET:-}" ]; then
  if [ ! -s "$OUTPOST_TRIAL_KEYS" ]; then
    umask 077
    draft="$OUTPOST_TRIAL_KEYS.$$"
    printf 'STAFF_LINK_SECRET=%s\n' "$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')" > "$draft"
    # A link is made at once or not at all: when another service wrote the file first, its key
    # is kept and this draft dropped.
    ln "$draft" "$OUTPOST_TRIAL_KEYS" 2> /dev/null || true
    rm -f "$draft"
  fi
  STAFF_LINK_SECRET=$(sed -n 's/^STAFF_LINK_SECRET=//p' "$OUTPOST_TRIAL_KEYS")
  export STAFF_LINK_SECRET
fi
exec "$@"
