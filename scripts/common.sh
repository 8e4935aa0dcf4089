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

# Wait (up to MUSTER_APT_LOCK_TIMEOUT seconds, 300 by default) while another apt or dpkg
# process runs: on a fresh machine unattended upgrades may hold the dpkg lock for minutes.
wait_for_apt() {
  local limit="${MUSTER_APT_LOCK_TIMEOUT:-300}"
  local waited=0
  # (pgrep matches at most 15 characters of a name: two patterns.)
  while pgrep -x 'apt|apt-get' >/dev/null || pgrep -x 'dpkg|unattended-upgr' >/dev/null; do
    if [ "$waited" -ge "$limit" ]; then
      echo "Another apt/dpkg process still runs after ${limit}s; giving up" >&2
      return 1
    fi
    if [ "$waited" -eq 0 ]; then
      echo "Waiting for another apt/dpkg process to finish (up to ${limit}s)"
    fi
    sleep 2
    waited=$((waited + 2))
  done
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
    wait_for_apt
    # The lock timeout covers a process that starts between the wait and the install.
    local lock=(-o "DPkg::Lock::Timeout=${MUSTER_APT_LOCK_TIMEOUT:-300}")
    apt-get "${lock[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Run a command for good: start it again a second after it exits (for whatever reason),
# noting each restart in LOG. The command runs in its own process group, so children it
# leaves behind when killed (celery's embedded beat) are ended before the next start.
# TERM or INT stops the command, its group and the loop.
supervise() {
  local log="$1"
  shift
  local child=""
  trap 'stop_group "$child"; exit 0' TERM INT
  while true; do
    setsid "$@" &
    child=$!
    local status=0
    wait "$child" || status=$?
    kill -KILL -- "-$child" 2>/dev/null || true
    echo "[$(date -u +%FT%TZ)] supervisor: '$1' exited with status $status, restarting" >>"$log"
    sleep 1
  done
}

# Ask a process group's leader to stop, wait for it, then kill what is left of the group.
stop_group() {
  local leader="$1"
  [ -n "$leader" ] || return 0
  kill -TERM "$leader" 2>/dev/null || true
  wait "$leader" 2>/dev/null || true
  kill -KILL -- "-$leader" 2>/dev/null || true
}
