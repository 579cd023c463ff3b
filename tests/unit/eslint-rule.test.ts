/** The `local/client-imports` rule (eslint/client-imports.mjs; DESIGN.md client components' imports). */
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { clientImports } from '../../eslint/client-imports.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(__dirname, '../..');
const file = (p: string) => path.join(root, p);
const tester = new RuleTester({
  languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});
const options = [{ root }];

tester.run('client-imports', clientImports, {
  valid: [
    // A server file (no directive) may import the server.
    { code: "import { getRace } from '@/lib/server/races';", filename: file('components/results/RaceHeader.tsx'), options },
    { code: "import { getRace } from '../../lib/server/races';", filename: file('components/results/RaceHeader.tsx'), options },
    // A directive that is not the first statement is no directive.
    { code: "import { getRace } from '@/lib/server/races';\n'use client';", filename: file('components/x.tsx'), options },
    // A client file may import the allowed lib folders and packages.
    {
      code: [
        "'use client';",
        "import { resultRow } from '@/lib/contracts/results';",
        "import { useRace } from '@/lib/api/races';",
        "import { Link } from '@/lib/i18n/navigation';",
        "import { BASE_PATH } from '@/lib/config';",
        "import { formatMs } from '../../lib/format';",
        "import { ERRORS } from '@/lib/errors';",
        "import { lazyResolver } from '@/lib/forms/lazy-resolver';",
        "import Box from '@mui/material/Box';",
        "import { Other } from './Other';",
      ].join('\n'),
      filename: file('components/results/ResultsTable.tsx'),
      options,
    },
  ],
  invalid: [
    { code: "'use client';\nimport { getRace } from '@/lib/server/races';", filename: file('components/results/ResultsTable.tsx'), options, errors: [{ messageId: 'server' }] },
    { code: '"use client";\nimport type { RaceInfo } from "@/lib/server/races";', filename: file('components/results/ResultsTable.tsx'), options, errors: [{ messageId: 'server' }] },
    { code: "'use client';\nimport { getDb } from '../../lib/server/db';", filename: file('components/results/ResultsTable.tsx'), options, errors: [{ messageId: 'server' }] },
    { code: "'use client';\nexport { getRace } from '@/lib/server/races';", filename: file('components/results/index.ts'), options, errors: [{ messageId: 'server' }] },
    { code: "'use client';\nconst m = import('@/lib/server/races');", filename: file('components/results/Lazy.tsx'), options, errors: [{ messageId: 'server' }] },
    { code: "'use client';\nimport { getSiteSettings } from '@/lib/cms';", filename: file('components/home/Carousel.tsx'), options, errors: [{ messageId: 'lib' }] },
    { code: "'use client';\nimport { visibleMenu } from '@/lib/navigation';", filename: file('components/menu/TopMenu.tsx'), options, errors: [{ messageId: 'lib' }] },
    { code: "'use strict';\n'use client';\nimport { x } from './server/y';", filename: file('lib/z.tsx'), options, errors: [{ messageId: 'server' }] },
  ],
});
