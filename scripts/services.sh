# Test services on loopback: PostgreSQL, Redis and Mosquitto, each on a free port of its own, in a
# folder of their own, stopped by their own pid files (never by name). Installs the Debian packages
# that are missing. Exports TEST_DATABASE_URL, TEST_REDIS_URL and TEST_MQTT_URL.
#
# Sourced by scripts/test.sh (services_start in a temporary folder, services_stop at the end), or
# run by a developer:
#   scripts/services.sh up      start them in .services/ and write .services/env and .services.env
#                               (`source .services.env` sets the three variables in a shell)
#   scripts/services.sh down    stop what `up` started and remove .services/ and .services.env
#   scripts/services.sh status  say whether they run, with their variables
# SERVICES_HOME=DIR keeps them in DIR instead of .services/ (PostgreSQL runs as the postgres user
# when started by root: DIR and its parents must be open to it).

SERVICES_DIR=""
PG_BIN=""

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "services: '$*' needs root (or sudo)" >&2
    return 1
  fi
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
  echo "services: installing $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Installs what the checks need and is not on the machine yet.
services_install() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  fc-list 2>/dev/null | grep -qi 'wenquanyi\|noto sans cjk' || missing+=(fonts-wqy-microhei)
  command -v redis-server >/dev/null || missing+=(redis-server)
  command -v mosquitto >/dev/null || [ -x /usr/sbin/mosquitto ] || missing+=(mosquitto mosquitto-clients)
  find_pg_bin
  [ -n "$PG_BIN" ] || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
  find_pg_bin
}

find_pg_bin() {
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

wait_for_port() {
  local port=$1 name=$2
  for _ in $(seq 1 100); do
    if node -e 'const c=require("net").connect(+process.argv[1],"127.0.0.1");c.on("connect",()=>process.exit(0));c.on("error",()=>process.exit(1))' "$port"; then
      return 0
    fi
    sleep 0.1
  done
  echo "services: $name did not open port $port" >&2
  return 1
}

# Starts the three services in DIR (created), or in a new temporary folder without one.
services_start() {
  services_install
  if [ -n "${1:-}" ]; then
    SERVICES_DIR=$1
    mkdir -p "$SERVICES_DIR"
  else
    SERVICES_DIR=$(mktemp -d /tmp/roompilot-services.XXXXXX)
  fi
  chmod 755 "$SERVICES_DIR"

  # PostgreSQL: a throwaway cluster owned by the postgres user.
  local pg_port pg_dir="$SERVICES_DIR/pg"
  pg_port=$(free_port)
  mkdir -p "$pg_dir"
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$pg_dir"
    runuser -u postgres -- "$PG_BIN/initdb" -D "$pg_dir/data" -A trust -U postgres >"$pg_dir/init.log" 2>&1
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/pg.log" -w \
      -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $pg_dir -c fsync=off -c full_page_writes=off -c max_connections=300" start >/dev/null
  else
    "$PG_BIN/initdb" -D "$pg_dir/data" -A trust -U postgres >"$pg_dir/init.log" 2>&1
    "$PG_BIN/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/pg.log" -w \
      -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $pg_dir -c fsync=off -c full_page_writes=off -c max_connections=300" start >/dev/null
  fi
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"

  # Redis: no persistence.
  local redis_port
  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --pidfile "$SERVICES_DIR/redis.pid" --logfile "$SERVICES_DIR/redis.log" --dir "$SERVICES_DIR"
  wait_for_port "$redis_port" redis
  export TEST_REDIS_URL="redis://127.0.0.1:$redis_port"

  # Mosquitto: it drops to its own user, so its folder belongs to it.
  local mqtt_port mosquitto_bin
  mqtt_port=$(free_port)
  mosquitto_bin=$(command -v mosquitto || echo /usr/sbin/mosquitto)
  mkdir -p "$SERVICES_DIR/mosquitto"
  id mosquitto >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && chown mosquitto "$SERVICES_DIR/mosquitto"
  cat >"$SERVICES_DIR/mosquitto/mosquitto.conf" <<CONF
listener $mqtt_port 127.0.0.1
allow_anonymous true
pid_file $SERVICES_DIR/mosquitto/mosquitto.pid
persistence false
log_dest file $SERVICES_DIR/mosquitto/mosquitto.log
CONF
  "$mosquitto_bin" -c "$SERVICES_DIR/mosquitto/mosquitto.conf" -d
  wait_for_port "$mqtt_port" mosquitto
  export TEST_MQTT_URL="mqtt://127.0.0.1:$mqtt_port"

  echo "services: PostgreSQL :$pg_port, Redis :$redis_port, Mosquitto :$mqtt_port (in $SERVICES_DIR)"
}

stop_pid_file() {
  local file=$1
  [ -f "$file" ] || return 0
  local pid
  pid=$(cat "$file")
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}

services_stop() {
  [ -n "$SERVICES_DIR" ] && [ -d "$SERVICES_DIR" ] || return 0
  [ -n "$PG_BIN" ] || find_pg_bin
  if [ -f "$SERVICES_DIR/pg/data/postmaster.pid" ]; then
    if [ "$(id -u)" = 0 ]; then
      runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$SERVICES_DIR/pg/data" -m fast -w stop >/dev/null 2>&1 || true
    else
      "$PG_BIN/pg_ctl" -D "$SERVICES_DIR/pg/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
  fi
  stop_pid_file "$SERVICES_DIR/redis.pid"
  stop_pid_file "$SERVICES_DIR/mosquitto/mosquitto.pid"
  rm -rf "$SERVICES_DIR"
  SERVICES_DIR=""
}

# The three variables, one `export` line each.
services_env() {
  printf 'export TEST_DATABASE_URL=%s\nexport TEST_REDIS_URL=%s\nexport TEST_MQTT_URL=%s\n' \
    "$TEST_DATABASE_URL" "$TEST_REDIS_URL" "$TEST_MQTT_URL"
}

pid_alive() {
  [ -f "$1" ] && kill -0 "$(head -n 1 "$1")" 2>/dev/null
}

# True when the services of SERVICES_DIR all run.
services_running() {
  pid_alive "$SERVICES_DIR/pg/data/postmaster.pid" && pid_alive "$SERVICES_DIR/redis.pid" &&
    pid_alive "$SERVICES_DIR/mosquitto/mosquitto.pid"
}

services_main() {
  set -euo pipefail
  local root home env_file
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  home=${SERVICES_HOME:-$root/.services}
  env_file=$root/.services.env
  case "${1:-}" in
    up)
      SERVICES_DIR=$home
      if [ -f "$home/env" ] && services_running; then
        echo "services: already up in $home"
      else
        [ -d "$home" ] && services_stop # what is left of an earlier run
        if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$(dirname "$home")"; then
          echo "services: the postgres user cannot reach $home; set SERVICES_HOME to a folder it can (e.g. /tmp/roompilot-dev)" >&2
          exit 1
        fi
        services_start "$home"
        services_env >"$home/env"
      fi
      cp "$home/env" "$env_file"
      echo "services: in a shell, \`source ${env_file#"$PWD"/}\` sets:"
      cat "$env_file"
      ;;
    down)
      SERVICES_DIR=$home
      if [ -d "$home" ]; then
        services_stop
        echo "services: stopped (and $home removed)"
      else
        echo "services: nothing started in $home"
      fi
      rm -f "$env_file"
      ;;
    status)
      SERVICES_DIR=$home
      if [ -f "$home/env" ] && services_running; then
        echo "services: up in $home"
        cat "$home/env"
      else
        echo "services: not running (scripts/services.sh up)"
        exit 1
      fi
      ;;
    *)
      echo "usage: scripts/services.sh up|down|status" >&2
      exit 2
      ;;
  esac
}

# Run, not sourced: a developer's command.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then services_main "$@"; fi
