#!/usr/bin/env bash
# `npm run native:electron`: builds better-sqlite3 for Electron's ABI into native/electron-v<abi>/.
#
# Why a separate copy (docs/desktop.md, toolchain §6): node_modules/better-sqlite3 must stay built for
# plain Node, because the tests and `npm run serve` load it. Rebuilding it in place (electron-builder's
# npmRebuild, @electron/rebuild) breaks every test, or silently produces a Node binary tagged as Electron's.
# The desktop app loads this copy through better-sqlite3's `nativeBinding` option instead.
#
# Needs internet (a prebuild from GitHub, or Electron's headers to compile). Never touches node_modules.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
electron_version=$(node -p "require('$root/node_modules/electron/package.json').version")
abi=$(cat "$root/node_modules/electron/abi_version")
sqlite_version=$(node -p "require('$root/node_modules/better-sqlite3/package.json').version")
platform=${npm_config_platform:-$(node -p process.platform)}
arch=${npm_config_arch:-$(node -p process.arch)}
target="$root/native/electron-v$abi"

echo "better-sqlite3 $sqlite_version for Electron $electron_version (ABI $abi, $platform-$arch) -> ${target#"$root"/}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$root/node_modules/better-sqlite3" "$work/"
cd "$work/better-sqlite3"
rm -rf build
# A nodedir (e.g. ~/.npmrc nodedir=/usr) makes node-gyp compile against Node's headers while labelling the
# result as Electron's: exactly the mislabelled binary this script exists to avoid.
unset npm_config_nodedir NPM_CONFIG_NODEDIR

if ! "$root/node_modules/.bin/prebuild-install" --runtime=electron --target="$electron_version" --arch="$arch" --platform="$platform" \
  && ! "$root/node_modules/.bin/node-gyp" rebuild --release --runtime=electron --target="$electron_version" --arch="$arch" \
       --dist-url=https://electronjs.org/headers; then
  cat >&2 <<EOF

Could not build better-sqlite3 for Electron $electron_version.
Both routes need the network: the prebuilt binary comes from github.com, the headers for compiling from
electronjs.org. Run this on a machine that reaches them, then copy native/electron-v$abi/ here.
node_modules was not modified; the tests and \`npm run serve\` still work.
EOF
  exit 1
fi

binary=build/Release/better_sqlite3.node
# Guard against the mislabelled build: an Electron binary registers itself under Electron's ABI number.
if [ "$platform" = linux ] && command -v nm >/dev/null && ! nm -D "$binary" | grep -q "node_register_module_v$abi"; then
  echo "The binary built is not for ABI $abi (found: $(nm -D "$binary" | grep -o 'node_register_module_v[0-9]*' || echo none)); not installing it." >&2
  exit 1
fi

mkdir -p "$target"
cp "$binary" "$target/better_sqlite3.node"
# Read by the desktop app's start script to notice a stale copy after an upgrade of either package.
printf 'electron %s\nbetter-sqlite3 %s\n' "$electron_version" "$sqlite_version" > "$target/VERSION"
echo "Installed $target/better_sqlite3.node"
