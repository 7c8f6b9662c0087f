# Test services on loopback: PostgreSQL, Redis and Mosquitto, each on a free port of its own, in a
# temporary folder, stopped by its own pid file. Installs the Debian packages that are missing.
# Sourced by scripts/test.sh; exports TEST_DATABASE_URL, TEST_REDIS_URL and TEST_MQTT_URL.

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
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$PG_BIN" ] || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
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

services_start() {
  services_install
  SERVICES_DIR=$(mktemp -d /tmp/roompilot-services.XXXXXX)
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
