// Fresh data for the browser tests: the e2e databases under .data/e2e (the race data and the
// CMS's own database live on the same embedded PostgreSQL, with the CMS admin's credentials
// beside them).
import fs from 'node:fs';

fs.rmSync('.data/e2e', { recursive: true, force: true });
