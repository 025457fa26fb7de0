#!/usr/bin/env node
/**
 * Restores lockfile entries for other platforms' optional native binaries (@swc/core-*,
 * @unrs/resolver-binding-*, …). The registry this project installs from serves only this
 * platform's binaries, so `npm install` drops the others from package-lock.json and `npm ci`
 * then refuses the lock as out of sync ("Missing: @swc/core-darwin-arm64@ from lock file").
 * Each restored entry carries the os/cpu/libc that makes npm skip it here, exactly as it would
 * skip a real one; nothing is downloaded for it. Run after `npm install`: `node tools/fix-lock.cjs`.
 */
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = [
  ['arm64', 'arm64'], ['aarch64', 'arm64'], ['x64', 'x64'], ['ia32', 'ia32'], ['riscv64', 'riscv64'],
  ['loong64', 'loong64'], ['ppc64', 'ppc64'], ['s390x', 's390x'], ['arm-', 'arm'], ['armv7', 'arm'],
];

/** os/cpu/libc of a platform package, read from its name; undefined when it is not one. */
function platformOf(name) {
  const base = name.split('/').pop();
  const os = OS.find((o) => base.includes(`-${o}`) || base.startsWith(`${o}-`));
  const cpu = CPU.find(([needle]) => base.includes(`-${needle}`) || base.includes(`${needle}`))?.[1];
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux' && /musl/.test(base)) entry.libc = ['musl'];
  else if (os === 'linux' && /gnu/.test(base)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  if (!pkg.optionalDependencies) continue;
  const parentDir = key === '' ? '' : `${key}/`;
  for (const [dep, version] of Object.entries(pkg.optionalDependencies)) {
    const here = `${parentDir}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[here] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[hoisted] = { version, dev: pkg.dev, optional: true, ...platform };
    if (!pkg.dev) delete lock.packages[hoisted].dev;
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lock: restored ${added} optional platform entr${added === 1 ? 'y' : 'ies'}`);
