// Fresh data for the browser tests: the e2e databases under .data/e2e (the race data and the
// CMS's own database live on the same embedded PostgreSQL, with the CMS admin's credentials
// beside them), and Next's data cache of CMS replies kept on disk by an earlier run (a fresh CMS
// gives its entries new document ids: a list from the old replies links to pages the new ones
// do not have, until the 60 s revalidation).
import fs from 'node:fs';

fs.rmSync('.data/e2e', { recursive: true, force: true });
fs.rmSync('.next/cache/fetch-cache', { recursive: true, force: true });
