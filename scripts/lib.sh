# Shared by scripts/dev and scripts/test: find Python 3.12 and keep .venv in step with pyproject.toml.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

find_python312() {
  local candidate
  for candidate in "$(command -v python3.12 || true)" /root/.pyenv/versions/3.12.*/bin/python "${HOME:-/root}"/.pyenv/versions/3.12.*/bin/python; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  echo "No Python 3.12 found: install it (pyenv install 3.12) and try again." >&2
  return 1
}

# ensure_venv [extra]: (re)installs the dependencies of pyproject.toml, plus an optional extra group,
# whenever pyproject.toml changed since the last install.
ensure_venv() {
  local extra="${1:-}" python stamp wanted
  if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))'; then
    python="$(find_python312)"
    echo "==> creating .venv with $python"
    rm -rf "$VENV"
    "$python" -m venv "$VENV"
  fi
  stamp="$VENV/.installed"
  wanted="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1) ${extra}"
  if [ -f "$stamp" ] && grep -qxF -- "$wanted" "$stamp"; then
    return 0
  fi
  echo "==> installing dependencies from pyproject.toml ${extra:+(with [$extra])}"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
  "$VENV/bin/python" - "$extra" > "$VENV/requirements.txt" <<'PY'
import sys, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
extra = sys.argv[1]
print("\n".join(project["dependencies"] + (project["optional-dependencies"][extra] if extra else [])))
PY
  "$VENV/bin/python" -m pip install --quiet -r "$VENV/requirements.txt"
  echo "$wanted" > "$stamp"
}
