#!/bin/sh
# Prints the path of a Python >= 3.12: $1 (an explicit PYTHON=) if given, else python3.14 ... python3.12
# on PATH, else the newest suitable pyenv installation. Exits 1 with a message when there is none.
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; }
if [ -n "$1" ]; then
    if ok "$1"; then command -v "$1" || echo "$1"; exit 0; fi
    echo "PYTHON=$1 is not a Python 3.12 or newer" >&2; exit 1
fi
for v in 3.14 3.13 3.12; do
    p=$(command -v "python$v" 2>/dev/null) && ok "$p" && { echo "$p"; exit 0; }
done
root=${PYENV_ROOT:-$HOME/.pyenv}
for d in $(ls -d "$root"/versions/3.1[2-9]* 2>/dev/null | sort -V -r); do
    ok "$d/bin/python" && { echo "$d/bin/python"; exit 0; }
done
echo "no Python 3.12 or newer found: install one, or run make with PYTHON=/path/to/python3.12" >&2
exit 1
