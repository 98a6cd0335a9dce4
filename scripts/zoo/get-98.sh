#!/usr/bin/env bash
# The zoo's browser game (98.js Minesweeper, GitHub 1j01/98) for the end-to-end tests, without
# committing any of it: prints a folder holding the game.
#   - MINEBOT_ZOO_98 set: prints it as it is (a checkout of 98.js);
#   - else, when a git directory of 98.js is found (MINEBOT_ZOO_98_GIT, default the bare mirror
#     /work/.mirror/1j01+98/repo of the machine CI runs on): extracts just the files the game
#     loads (its HEAD) into a new temporary folder and prints that folder (the caller removes it);
#   - else: says why on stderr and exits 1.
# Usage: dir=$(scripts/zoo/get-98.sh) && export MINEBOT_ZOO_98=$dir
set -euo pipefail

if [ -n "${MINEBOT_ZOO_98:-}" ]; then
  echo "$MINEBOT_ZOO_98"
  exit 0
fi
git_dir=${MINEBOT_ZOO_98_GIT:-/work/.mirror/1j01+98/repo}
if ! command -v git >/dev/null 2>&1; then
  echo "get-98: git is not installed" >&2
  exit 1
fi
if ! git --git-dir="$git_dir" rev-parse --verify -q HEAD >/dev/null 2>&1; then
  echo "get-98: no git directory of 98.js at $git_dir (set MINEBOT_ZOO_98 to a checkout, or MINEBOT_ZOO_98_GIT to its git directory)" >&2
  exit 1
fi
# what programs/minesweeper/index.html loads (scripts/zoo/browser.ts serves them)
paths=(programs/minesweeper lib/os-gui/layout.css lib/os-gui/windows-98.css lib/os-gui/MenuBar.js 'lib/os-gui/$Window.js'
  lib/jquery.min.js src/msgbox.js images/icons/minesweeper-16x16.png images/icons/minesweeper-32x32.png)
dir=$(mktemp -d "${TMPDIR:-/tmp}/minebot-zoo-98-XXXXXX")
# (a mirror may lack blobs of files we do not ask for: git archive warns about them, quietly here)
if ! git --git-dir="$git_dir" archive HEAD -- "${paths[@]}" 2>"$dir.err" | tar -x -C "$dir" 2>/dev/null \
    || [ ! -f "$dir/programs/minesweeper/index.html" ] || [ ! -f "$dir/programs/minesweeper/img/sprite.png" ]; then
  echo "get-98: $git_dir does not hold 98.js's Minesweeper: $(grep -v '^error: invalid object' "$dir.err" | head -1)" >&2
  rm -rf "$dir" "$dir.err"
  exit 1
fi
rm -f "$dir.err"
echo "$dir"
