#!/usr/bin/env bash
# Refresh constraints.txt: the exact version of every package that `pip install '.[dev]'` brings
# (runtime and dev), resolved in a clean virtual environment from the ranges in pyproject.toml.
# The Dockerfile and the Makefile install with `-c constraints.txt`, so two builds of one commit
# get the same versions. Run it (`make constraints`) after changing a range in pyproject.toml, or
# to take newer releases on purpose; then `make test lint` and commit both files together.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --upgrade pip
# not editable and from a copy: the project itself is left out of the list below
"$work/venv/bin/pip" install --quiet '.[dev]'
{
  echo "# The exact versions of every runtime and dev dependency, resolved by scripts/lock.sh"
  echo "# (\`make constraints\`) with $("$work/venv/bin/python" --version) from pyproject.toml's ranges."
  echo "# Used by the Dockerfile and the Makefile (pip install -c constraints.txt); do not edit by hand."
  "$work/venv/bin/pip" freeze --all --exclude-editable \
    | grep -v -i -E '^(gobot|pip|setuptools|wheel)[=@ ]' \
    | LC_ALL=C sort -f
} > constraints.txt.new
mv constraints.txt.new constraints.txt
echo "constraints.txt: $(grep -c '==' constraints.txt) packages pinned"
