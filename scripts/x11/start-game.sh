#!/bin/sh
# Starts Xvfb (if nothing answers on $DISPLAY, default :99) and a game, places its window, and
# prints its geometry as JSON (see scripts/x11/x11.ts and fixtures/README.md).
#   scripts/x11/start-game.sh xdemineur|sgt-mines|gnome-mines [COLSxROWS] [MINES] [SEED] [X,Y]
# The zoo's games (scripts/zoo/zoo.ts: their own sizes; ace-minesweeper's level in $ZOO_LEVEL):
#   scripts/x11/start-game.sh kmines|xbomb|ace-minesweeper|98-minesweeper [X,Y]
# print their geometry, how to start a new game, and what to stop (`npx tsx scripts/zoo/zoo.ts stop 'JSON'`).
# Extra options for x11.ts may follow in $X11_OPTS (e.g. "--depth 16 --tilesize 32", or for
# gnome-mines "--window-size 760x600"). GNOME Mines prints pid, dbusPid and home (a temporary
# folder): stop it with `kill PID DBUSPID; rm -rf HOME`.
set -e
case "$1" in
  kmines|xbomb|ace-minesweeper|98-minesweeper)
    cd "$(dirname "$0")/../.."
    exec npx --no-install tsx scripts/zoo/zoo.ts start "$1" --display "${DISPLAY:-:99}" --at "${2:-40,30}" ${ZOO_LEVEL:+--level "$ZOO_LEVEL"} ;;
esac
game=${1:?usage: start-game.sh xdemineur|sgt-mines|gnome-mines [COLSxROWS] [MINES] [SEED] [X,Y]}
size=${2:-16x16}
mines=${3:-40}
seed=${4:-}
at=${5:-10,10}
cd "$(dirname "$0")/../.."
exec npx --no-install tsx scripts/x11/x11.ts start "$game" --display "${DISPLAY:-:99}" --size "$size" \
  --mines "$mines" ${seed:+--seed "$seed"} --at "$at" $X11_OPTS
