// Fresh data for the browser tests: the e2e databases (.data/e2e) and the e2e CMS databases
// with their admin credentials (cms/.tmp/e2e*).
import fs from 'node:fs';
import path from 'node:path';

fs.rmSync('.data/e2e', { recursive: true, force: true });
if (fs.existsSync('cms/.tmp')) {
  for (const name of fs.readdirSync('cms/.tmp')) {
    if (name.startsWith('e2e')) fs.rmSync(path.join('cms/.tmp', name), { recursive: true, force: true });
  }
}
