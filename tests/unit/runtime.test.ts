/** Issue 22: the site, the CMS, the scripts and the tests run on Node.js 24 LTS (npm scripts use the project's). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('runtime', () => {
  it('runs the tests on Node.js 24', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
  });

  it('gives every npm script Node.js 24 (what `npm start` and the CMS run on)', () => {
    const version = execFileSync('npm', ['exec', '--', 'node', '--version'], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' }).trim();
    expect(version).toMatch(/^v24\./);
  });
});
