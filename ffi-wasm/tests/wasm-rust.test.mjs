// ffi-wasm/wasm-rust.sh, which Rust build.sh compiles with: rustup's where its
// wasm32-unknown-unknown target is installed, else Debian's. A stand-in `rustup` on PATH
// answers as a rustup with or without the target would (this machine's rustup cannot add
// it, so the build itself only ever runs Debian's path here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../wasm-rust.sh', import.meta.url));
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

/** What wasm-rust.sh prints with `rustup` (a shell script's body, or none) first on PATH. */
function choice(rustup) {
  const bin = mkdtempSync(`${tmpdir()}/wasm-rust-`);
  try {
    if (rustup !== undefined) {
      writeFileSync(`${bin}/rustup`, `#!/bin/sh\n${rustup}\n`);
      chmodSync(`${bin}/rustup`, 0o755);
    }
    return execFileSync('bash', [SCRIPT], { encoding: 'utf8', env: { PATH: `${bin}:${SYSTEM_PATH}` } });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

/** A rustup whose active toolchain has `targets` installed. */
const rustupWith = (...targets) => `case "$1 $2 $3" in
  "target list --installed") printf '%s\\n' ${targets.join(' ')} ;;
  "which cargo "*) echo /toolchain/bin/cargo ;;
  "which rustc "*) echo /toolchain/bin/rustc ;;
  *) exit 1 ;;
esac`;

test("rustup's cargo and rustc where its wasm32-unknown-unknown target is installed", () => {
  assert.equal(choice(rustupWith('x86_64-unknown-linux-gnu', 'wasm32-unknown-unknown')),
    'rustup /toolchain/bin/cargo /toolchain/bin/rustc\n');
});

test("Debian's without the target, without rustup, or when rustup fails", () => {
  assert.equal(choice(rustupWith('x86_64-unknown-linux-gnu')), 'debian\n');
  // A target of another name is not the one needed.
  assert.equal(choice(rustupWith('wasm32-unknown-unknown-extra', 'wasm32-wasip1')), 'debian\n');
  assert.equal(choice(undefined), 'debian\n');
  assert.equal(choice('echo wasm32-unknown-unknown; exit 1'), 'debian\n');
});
