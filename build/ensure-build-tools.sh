#!/usr/bin/env bash
# PyInstaller on Linux needs two things a bare machine may lack: `objdump` (binutils)
# and the Python shared library (libpython3.X.so). Check them; with --install, install
# what is missing through apt-get (CI runs as root on a fresh Debian/Ubuntu machine).
#
#   build/ensure-build-tools.sh [--install] [PYTHON]     PYTHON defaults to .venv/bin/python
set -euo pipefail
install=0
if [ "${1:-}" = "--install" ]; then install=1; shift; fi
py=${1:-.venv/bin/python}

[ "$(uname -s)" = Linux ] || exit 0   # Windows and macOS need nothing extra

missing=()
command -v objdump >/dev/null 2>&1 || missing+=(binutils)
libpython=$("$py" -c 'from PyInstaller.depend import bindepend; print(bindepend.get_python_library_path() or "")')
if [ -z "$libpython" ]; then
    missing+=("libpython$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')")
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$install" = 1 ] && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    echo "ensure-build-tools: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    exit 0
fi
echo "ensure-build-tools: PyInstaller needs: ${missing[*]} (Debian/Ubuntu: apt-get install ${missing[*]}; a self-built Python needs --enable-shared)" >&2
exit 1
