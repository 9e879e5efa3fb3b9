#!/usr/bin/env bash
# Restarts the Vitrin nodes one after another without failing a single request: each node is
# first taken out of nginx (marked `down`, nginx reloaded gracefully), given time to finish what
# it holds, restarted, and put back only once it answers /readyz. Run it after installing a new
# release (and after `systemctl restart vitrin-migrate` when the release has migrations).
#
#   sudo deploy/rolling-restart.sh            # every node named in the nginx upstream
#   sudo deploy/rolling-restart.sh 3002       # one node
#
# Stopping a node straight away (systemctl restart alone) is safe for the data but not for every
# request: connections nginx has just opened to it are reset, and nginx never sends a POST twice.
# The settings below default to the layout in docs/deploy.md; the 3-node test overrides them.
set -euo pipefail

CONF="${VITRIN_NGINX_CONF:-/etc/nginx/conf.d/vitrin.conf}"
RELOAD="${VITRIN_NGINX_RELOAD:-nginx -s reload}"
# `{port}` is replaced by the node's port.
PLACEHOLDER='{port}'
DEFAULT_RESTART='systemctl restart vitrin@{port}'
DEFAULT_READY_URL='http://127.0.0.1:{port}/readyz'
RESTART="${VITRIN_RESTART_NODE:-$DEFAULT_RESTART}"
READY_URL="${VITRIN_READY_URL:-$DEFAULT_READY_URL}"
# Longer than the slowest request a node may be finishing (nginx's old workers keep theirs).
DRAIN_SECONDS="${VITRIN_DRAIN_SECONDS:-5}"
READY_TIMEOUT_SECONDS="${VITRIN_READY_TIMEOUT_SECONDS:-60}"

if [ "$#" -gt 0 ]; then
  ports=("$@")
else
  mapfile -t ports < <(grep -oE '^\s*server\s+[^ ;]+:[0-9]+' "$CONF" | grep -oE '[0-9]+$')
fi
if [ "${#ports[@]}" -lt 2 ]; then
  echo "rolling-restart: fewer than two nodes in $CONF; with one node a restart always fails requests" >&2
  exit 1
fi

set_down() { # port, on|off
  local port="$1" state="$2"
  sed -i -E "s/^(\s*server\s+[^ ;]+:$port\b[^;]*) down;/\1;/" "$CONF"
  if [ "$state" = on ]; then
    sed -i -E "s/^(\s*server\s+[^ ;]+:$port\b[^;]*);/\1 down;/" "$CONF"
  fi
  $RELOAD
}

for port in "${ports[@]}"; do
  echo "node $port: out of nginx"
  set_down "$port" on
  # Whatever happens next, the node goes back into nginx: a failed restart must not leave the
  # shop one node short without anyone noticing (the script still exits non-zero).
  trap 'set_down "$port" off' EXIT
  sleep "$DRAIN_SECONDS"
  echo "node $port: restarting"
  eval "${RESTART//"$PLACEHOLDER"/$port}"
  url="${READY_URL//"$PLACEHOLDER"/$port}"
  deadline=$((SECONDS + READY_TIMEOUT_SECONDS))
  until curl -fsS -o /dev/null "$url"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "node $port: not ready after ${READY_TIMEOUT_SECONDS}s; stopping here" >&2
      exit 1
    fi
    sleep 0.5
  done
  trap - EXIT
  set_down "$port" off
  echo "node $port: back in nginx"
done
