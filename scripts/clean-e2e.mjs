// Fresh data for the browser tests: the e2e database and the e2e CMS database.
import fs from 'node:fs';

for (const path of ['.data/e2e', 'cms/.tmp/e2e.db', 'cms/.tmp/e2e.db-journal', 'cms/.tmp/e2e.db-wal', 'cms/.tmp/e2e.db-shm']) {
  fs.rmSync(path, { recursive: true, force: true });
}
