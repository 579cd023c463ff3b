/**
 * ESLint rule `local/client-imports` (DESIGN.md, Rules of the house): a client component (a
 * file starting with the 'use client' directive) imports from `lib/` only lib/contracts,
 * lib/api, lib/i18n, lib/config, lib/format, lib/errors and lib/forms (the lazy form resolvers of
 * issue 23: client-only helpers, no server code), and never lib/server. Flat config
 * cannot select files by directive, hence a rule rather than `no-restricted-imports`.
 *
 * Checks `import … from`, `import type … from`, `export … from` and `import()` with a literal
 * source, written `@/lib/…` or as a relative path that lands in lib/. Option `root`: the
 * project root `@/` stands for (default: ESLint's working directory).
 */
import path from 'node:path';

export const CLIENT_LIB_FOLDERS = ['contracts', 'api', 'i18n', 'config', 'format', 'errors', 'forms'];

/** The project-relative path (`lib/server/races`) a module source points at, or null outside it. */
function projectPath(source, filename, root) {
  let absolute;
  if (source.startsWith('@/')) absolute = path.join(root, source.slice(2));
  else if (source.startsWith('./') || source.startsWith('../')) absolute = path.resolve(path.dirname(filename), source);
  else return null;
  const relative = path.relative(root, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep).join('/');
}

/** The folder of lib/ a project path lands in (`server`, `format`, …), or null outside lib/. */
function libFolder(projectRelative) {
  const [top, second] = projectRelative.split('/');
  if (top !== 'lib' || !second) return null;
  return second.replace(/\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/, '');
}

function isClientFile(program) {
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') return false;
    if (statement.directive === 'use client') return true;
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const clientImports = {
  meta: {
    type: 'problem',
    docs: { description: "Client components ('use client') import from lib/ only contracts, api, i18n, config, format, errors and forms" },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      server: "A client component ('use client') must not import server code ('{{source}}'): pass plain data from a server component, or use lib/contracts / lib/api.",
      lib: "A client component ('use client') may import from lib/ only {{allowed}}; '{{source}}' is in lib/{{folder}}.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    let client = false;

    function check(node, sourceNode) {
      if (!client || !sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      const target = projectPath(source, filename, root);
      const folder = target && libFolder(target);
      if (!folder || CLIENT_LIB_FOLDERS.includes(folder)) return;
      if (folder === 'server') context.report({ node, messageId: 'server', data: { source } });
      else context.report({ node, messageId: 'lib', data: { source, folder, allowed: CLIENT_LIB_FOLDERS.map((f) => `lib/${f}`).join(', ') } });
    }

    return {
      Program(program) {
        client = isClientFile(program);
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** The local plugin, registered in eslint.config.mjs as `local`. */
export const localPlugin = { meta: { name: 'local' }, rules: { 'client-imports': clientImports } };
