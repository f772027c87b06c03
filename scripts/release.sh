#!/usr/bin/env bash
# The release folder (docs/decisions/048): everything a container's runtime stage holds, made from
# a checkout after `npm ci && npm run build`. Run it as `bash scripts/release.sh [DIR]` (default
# release/, git-ignored); the Dockerfile's build stage runs `bash scripts/release.sh /release` and
# its runtime stage copies that folder to /app and runs `node dist/server.js` there.
#
#   DIR/dist/          the compiled server (server.js, chunks, source maps)
#   DIR/drizzle/       the migrations (SQL and the journal)
#   DIR/content/       brands, business files, news, pages and guides
#   DIR/web/           the web app's build
#   DIR/console/       the staff console's build
#   DIR/release.json   which commit this is (the server reads its folders from here when present)
#   DIR/package.json, package-lock.json, node_modules/
#                      only the npm packages the server imports, at the root lock's versions,
#                      installed with `npm ci --omit=dev` (no `node` package: the image has Node 24)
#
# Start it with plain Node 24: `cd DIR && node dist/server.js` (on this machine, whose own node is
# older: `<checkout>/node_modules/.bin/node dist/server.js`).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/release}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
cd "$ROOT"
# Node 24 and the repo's tools first (this machine's own node may be older).
export PATH="$ROOT/node_modules/.bin:$PATH"

for built in apps/server/dist/server.js apps/server/dist/externals.json apps/web/dist/index.html; do
  if [ ! -f "$built" ]; then
    echo "release: $built is missing: run npm run build first" >&2
    exit 1
  fi
done
# Never empty a folder that is not an earlier release.
if [ -n "$(ls -A "$OUT")" ] && [ ! -f "$OUT/release.json" ]; then
  echo "release: $OUT is not empty and holds no release.json: refusing to replace it" >&2
  exit 1
fi
find "$OUT" -mindepth 1 -delete

cp -R apps/server/dist "$OUT/dist"
mkdir -p "$OUT/drizzle/meta"
cp apps/server/drizzle/*.sql "$OUT/drizzle/"
cp apps/server/drizzle/meta/_journal.json "$OUT/drizzle/meta/"
cp -R content "$OUT/content"
cp -R apps/web/dist "$OUT/web"
# The staff console (issue 39), when built.
if [ -f apps/console/dist/index.html ]; then cp -R apps/console/dist "$OUT/console"; fi
commit="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
printf '{ "commit": "%s", "built": "%s" }\n' "$commit" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  > "$OUT/release.json"

tsx scripts/release-manifest.ts "$OUT"
(cd "$OUT" && npm ci --omit=dev --no-audit --no-fund --prefer-offline --loglevel=error)

if [ -e "$OUT/node_modules/node" ]; then
  echo "release: the node package is in the release" >&2
  exit 1
fi
echo "release: $OUT ($(du -sh "$OUT" | cut -f1); node_modules $(du -sh "$OUT/node_modules" | cut -f1), dist $(du -sh "$OUT/dist" | cut -f1))"
