#!/usr/bin/env bash
# Makes sure the servers the tests talk to answer on this machine: PostgreSQL (5432), Redis (6379),
# NATS with JetStream (4222), and that Debian's Chromium is there for the browser tests.
# Starts what is installed but stopped; installs from Debian packages what is missing.
set -euo pipefail

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  echo "nothing answers on port $1 ($2)" >&2
  return 1
}

if ! port_open 5432; then
  command -v pg_ctlcluster >/dev/null || apt_install postgresql
  cluster=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
  wait_port 5432 PostgreSQL
  # The tests connect as postgres over TCP without a password, as on the project's machines.
  hba=/etc/postgresql/$cluster/main/pg_hba.conf
  if ! grep -qE '^host\s+all\s+all\s+127.0.0.1/32\s+trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    pg_ctlcluster --skip-systemctl-redirect "$cluster" main reload
  fi
fi

if ! port_open 6379; then
  command -v redis-server >/dev/null || apt_install redis-server
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_port 6379 Redis
fi

if ! port_open 4222; then
  command -v nats-server >/dev/null || apt_install nats-server
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$(command -v nats-server)" -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_port 4222 NATS
fi

if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
# No emoji font on purpose: the app draws its icons as SVG, and the screenshots show it does without one.
echo "infrastructure ready: PostgreSQL, Redis, NATS (JetStream), Chromium"
