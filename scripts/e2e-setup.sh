#!/usr/bin/env bash
# Prepares a machine for the end-to-end tests (test/e2e): installs the Debian packages they need
# (as root, only the missing ones) and starts an Xvfb display, then prints the line that points
# DISPLAY at it. Usage:
#
#   eval "$(scripts/e2e-setup.sh)"        # default display :95, 1280x1024, 24-bit
#   eval "$(scripts/e2e-setup.sh :96 16)" # another display, 16-bit colour
#   npm test                               # the e2e tests start their own games on a private
#                                          # display (MINEBOT_E2E_DISPLAY, default :91)
#
# Only the `export DISPLAY=...` line goes to stdout; progress goes to stderr. The Xvfb started here
# keeps running; its pid is printed on stderr (stop it with `kill PID`).
set -euo pipefail
display="${1:-:95}"
depth="${2:-24}"

need=()
for pkg in xvfb libxtst6 xdemineur sgt-puzzles xdotool x11-utils gcc gnome-mines dbus-x11 libglib2.0-bin; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "e2e-setup: installing ${need[*]}" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "e2e-setup: missing ${need[*]} and not root: install them with apt-get (e2e tests will skip)" >&2
  fi
fi

if command -v xdpyinfo >/dev/null 2>&1 && xdpyinfo -display "$display" >/dev/null 2>&1; then
  echo "e2e-setup: an X server already answers on $display" >&2
elif command -v Xvfb >/dev/null 2>&1; then
  nohup Xvfb "$display" -screen 0 "1280x1024x$depth" -nolisten tcp >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 50); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
  echo "e2e-setup: Xvfb $display (${depth}-bit) started, pid $pid" >&2
else
  echo "e2e-setup: no Xvfb: cannot start a display" >&2
  exit 1
fi
echo "export DISPLAY=$display"
