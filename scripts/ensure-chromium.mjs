// Browser tests drive Debian's Chromium (Playwright never downloads a browser of its own here).
// Before `npm test`, install it when it is missing and we may; otherwise say how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium".`,
    );
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
