#!/bin/sh
# Builds the stand-in bcryptprimitives.dll (see bcryptprimitives.s: what it stands in for, and why)
# into the folder given, with Debian's binutils-mingw-w64-x86-64 only (assembler, dlltool, linker).
#   scripts/wine/build-bcryptprimitives.sh OUTDIR
set -eu
src=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build-bcryptprimitives.sh OUTDIR}
mkdir -p "$out"
x86_64-w64-mingw32-as "$src/bcryptprimitives.s" -o "$out/bcryptprimitives.o"
x86_64-w64-mingw32-dlltool -d "$src/advapi32.def" -l "$out/libadvapi32.a"
x86_64-w64-mingw32-ld -shared -e DllMain --subsystem windows \
  "$src/bcryptprimitives.def" "$out/bcryptprimitives.o" "$out/libadvapi32.a" -o "$out/bcryptprimitives.dll"
rm -f "$out/bcryptprimitives.o" "$out/libadvapi32.a"
