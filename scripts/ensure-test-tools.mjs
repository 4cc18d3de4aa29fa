// What `npm test` needs beyond npm's packages, checked before it starts (`pretest`):
// Debian's Chromium for the browser tests (Playwright never downloads a browser of its own here)
// and Debian's ffmpeg for the media tests (MP4 to multi-stream video). Missing ones are installed
// with apt-get when we may (root on Debian); otherwise the run stops saying what to install.
// The S3 storage tests also need `moto_server` (Python's moto, not a Debian package): it is only
// checked, and the message says how to install it.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const DEBIAN_PACKAGES = [
  { name: 'chromium', programs: ['/usr/bin/chromium'], for: 'the browser tests' },
  { name: 'ffmpeg', programs: ['ffmpeg', 'ffprobe'], for: 'the media tests' },
];

/** Whether a program (a path, or a name looked up on the PATH) can be run. */
function found(program) {
  const candidates = program.includes('/')
    ? [program]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, program));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = DEBIAN_PACKAGES.filter((pkg) => !pkg.programs.every(found));
let failed = false;

if (missing.length > 0) {
  const names = missing.map((pkg) => pkg.name);
  const what = missing.map((pkg) => `${pkg.name} (${pkg.for})`).join(' and ');
  if (process.getuid?.() === 0 && found('apt-get')) {
    console.log(`Installing Debian's ${what}...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
    } catch (error) {
      console.error(`apt-get could not install ${names.join(' and ')} (${error.message}).`);
      failed = true;
    }
  } else {
    const how = found('apt-get')
      ? `run "sudo apt-get install -y ${names.join(' ')}"`
      : `install ${names.join(' and ')} with your system's package manager`;
    console.error(`The tests need Debian's ${what}: ${how}, then npm test again.`);
    failed = true;
  }
}

if (!found('moto_server')) {
  console.error(
    "The S3 storage tests need moto_server (Python's moto): run \"pip install 'moto[server]'\", then npm test again.",
  );
  failed = true;
}

if (failed) process.exit(1);
