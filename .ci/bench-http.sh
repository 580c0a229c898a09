#!/usr/bin/env bash
# Measures the site (net/http; a kept page is answered from the response cache before echo) against
# nginx serving the same page from disk, on the same machine in the same run: wrk -t2 -c64 on
# /en/rules/117 for both, alternately for a few rounds (a shared machine's load varies), then each
# round's ratio of requests per second and their median.
# Needs wrk and nginx (apt-get install -y wrk nginx). Usage: bash .ci/bench-http.sh [seconds] [path] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
path=${2:-/en/rules/117}
rounds=${3:-3}
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"' EXIT

go build -o "$work/site" ./cmd/site
# -conns-per-addr 0: wrk's 64 connections all come from 127.0.0.1.
"$work/site" -addr 127.0.0.1:18480 -base-url http://127.0.0.1:18480 -conns-per-addr 0 2>"$work/site.log" &
for _ in $(seq 100); do curl -sf http://127.0.0.1:18480/readyz >/dev/null && break; sleep 0.1; done

mkdir -p "$work/www$(dirname "$path")"
curl -sf "http://127.0.0.1:18480$path" -o "$work/www$path.html"
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx.err;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:18481;
    root $work/www;
    location / { default_type text/html; try_files \$uri.html =404; }
  }
}
CONF
nginx -c "$work/nginx.conf"
sleep 0.3

run() { wrk -t2 -c64 -d"${secs}s" "$1" | awk '/Requests\/sec/ {print $2}'; }
echo "page $path: $(wc -c <"$work/www$path.html") bytes; $(nproc) cores; wrk -t2 -c64 -d${secs}s; load average $(cut -d' ' -f1-3 /proc/loadavg)"
ratios=()
for i in $(seq "$rounds"); do
  site=$(run "http://127.0.0.1:18480$path")
  ngx=$(run "http://127.0.0.1:18481$path")
  ratio=$(awk -v a="$site" -v b="$ngx" 'BEGIN { printf "%.2f", a / b }')
  ratios+=("$ratio")
  echo "round $i: site $site req/s, nginx $ngx req/s, ratio $ratio"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{r[NR]=$1} END {printf "median ratio site/nginx: %s\n", r[int((NR+1)/2)]}'
