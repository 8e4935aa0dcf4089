# Shared steps of ./run and ./test (sourced, not executed).

# Create .venv and install a pinned requirements file, skipping pip when nothing changed.
ensure_venv() {
  local requirements="$1"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  local stamp=".venv/.muster-$(basename "$requirements").sha256"
  local want
  want=$(cat requirements*.txt | sha256sum | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    # This machine's pip config names local index folders that may not exist; drop that
    # noise, keep every other message.
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements" \
      2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
    echo "$want" > "$stamp"
  fi
}

# Install Debian packages that are missing (apt-get update runs once, only when needed).
ensure_apt() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "Installing ${missing[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}
