#!/usr/bin/env bash
# The backup and restore drill of docs/operations.md, scripted (issue 20; CI runs it on
# PostgreSQL). It makes database A, starts the portal on it (migrations and the demo seed run at
# start-up), changes something through the API (a login, a service nickname), takes a pg_dump
# while the portal is running, restores it into a fresh database B, starts a portal on B and
# checks there: the session made on A works and reads the nickname, a demo login works and reads
# the dashboard, and B was not seeded again. Both databases are dropped at the end, pass or fail.
#
# DRILL_ADMIN_URL: a PostgreSQL URL allowed to create databases (default: CI's local server).
# DRILL_PORT: the first of two ports for the portals (default 3120; the second is the next one).
# Needs pg_dump, pg_restore, psql and curl on PATH; run from anywhere in the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL="${DRILL_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/test}"
PORT_A="${DRILL_PORT:-3120}"
PORT_B=$((PORT_A + 1))
DB_A="outpost_drill_a_$$"
DB_B="outpost_drill_b_$$"
WORK="$(mktemp -d)"
DUMP="$WORK/outpost.dump"
NICKNAME="Drill $$"
PIDS=()

url_of() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$1"; }
# Reads one value out of JSON on stdin: json 'data.tokens[0].token'.
json() { node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { const v = new Function("r", "return r." + process.argv[1])(JSON.parse(s)); console.log(typeof v === "string" ? v : JSON.stringify(v)); })' "$1"; }
say() { printf '[drill] %s\n' "$*"; }
fail() { printf '[drill] FAILED: %s\n' "$*" >&2; exit 1; }

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2> /dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2> /dev/null || true; done
  psql "$ADMIN_URL" -qAtc "DROP DATABASE IF EXISTS $DB_A WITH (FORCE)" > /dev/null || true
  psql "$ADMIN_URL" -qAtc "DROP DATABASE IF EXISTS $DB_B WITH (FORCE)" > /dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# start NAME PORT DATABASE: the portal as `npm start` runs it (tsx, without the web build), in the
# background, as one process so that SIGTERM reaches the server itself.
start() {
  DATABASE_URL="$(url_of "$3")" PORT="$2" HOST=127.0.0.1 LOG_LEVEL=warn \
    node --import tsx apps/server/src/server.ts > "$WORK/$1.log" 2>&1 &
  PIDS+=("$!")
  local i
  for i in $(seq 1 240); do
    if curl -fsS "http://127.0.0.1:$2/api/health/ready" > /dev/null 2>&1; then return 0; fi
    kill -0 "${PIDS[-1]}" 2> /dev/null || { cat "$WORK/$1.log" >&2; fail "portal $1 exited"; }
    sleep 0.5
  done
  cat "$WORK/$1.log" >&2
  fail "portal $1 was not ready after 120 s"
}

# api PORT METHOD PATH [TOKEN] [BODY]: the answer's body; fails unless the status is 200.
api() {
  local args=(-sS -o "$WORK/body" -w '%{http_code}' -X "$2" "http://127.0.0.1:$1$3")
  [ -n "${4:-}" ] && args+=(-H "x-user-token: $4")
  [ -n "${5:-}" ] && args+=(-H 'content-type: application/json' --data "$5")
  local status
  status="$(curl "${args[@]}")"
  [ "$status" = 200 ] || fail "$2 $3 on :$1 answered $status: $(cat "$WORK/body")"
  cat "$WORK/body"
}

login() {
  api "$1" POST /api/portal/users/login/ '' "{\"username\":\"$2\",\"password\":\"Outpost-demo-1\"}" |
    json 'data.tokens.find((t) => t.type === "USER").token'
}

began=$SECONDS
say "1. database $DB_A, portal A on :$PORT_A (migrations and the demo seed at start-up)"
psql "$ADMIN_URL" -qAtc "CREATE DATABASE $DB_A" > /dev/null
start a "$PORT_A" "$DB_A"
grep -q 'demo provider seeded' "$WORK/a.log" || fail 'portal A did not seed the demo provider'

say "2. a change through the API on A: holder logs in and names service 200101 '$NICKNAME'"
TOKEN_A="$(login "$PORT_A" holder)"
CSRF="$(api "$PORT_A" POST /api/portal/services/200101/setnickname/prepare/ "$TOKEN_A" "{\"nickname\":\"$NICKNAME\"}" | json 'data.csrf')"
api "$PORT_A" POST /api/portal/services/200101/setnickname/commit/ "$TOKEN_A" "{\"nickname\":\"$NICKNAME\",\"csrf\":\"$CSRF\"}" > /dev/null

say "3. pg_dump of A while portal A runs"
pg_dump --format=custom --no-owner --file="$DUMP" "$(url_of "$DB_A")"
api "$PORT_A" GET /api/portal/users/current/dashboard/ "$TOKEN_A" > /dev/null
say "   $(du -h "$DUMP" | cut -f1) dump"

say "4. restore into a fresh database $DB_B"
psql "$ADMIN_URL" -qAtc "CREATE DATABASE $DB_B" > /dev/null
pg_restore --no-owner --exit-on-error --dbname="$(url_of "$DB_B")" "$DUMP"

say "5. portal B on :$PORT_B on the restored database"
start b "$PORT_B" "$DB_B"
if grep -q 'demo provider seeded' "$WORK/b.log"; then fail 'portal B seeded again: the restore looked empty'; fi

say "6. on B: the session made on A still works and service 200101 has the nickname"
names="$(api "$PORT_B" GET /api/portal/services/ "$TOKEN_A" | json 'data.map((s) => s.nickname)')"
case "$names" in *"\"$NICKNAME\""*) ;; *) fail "the nickname is not on B: $names" ;; esac

say "7. on B: demo logins work and read the dashboard"
for who in holder billing other; do
  token="$(login "$PORT_B" "$who")"
  account="$(api "$PORT_B" GET /api/portal/users/current/dashboard/ "$token" | json 'data.account?.accountid')"
  say "   $who: dashboard of account $account"
done

say "passed in $((SECONDS - began)) s (databases dropped on exit)"
