/**
 * A Babel plugin for the layer check (.dependency-cruiser.cjs): dependency-cruiser reads TypeScript
 * through Babel, which drops type-only imports, yet a type import across layers breaks them as much
 * as a value import. Each of these becomes a bare `import 'module'` for the cruiser to see:
 *   import type { A } from 'm';        import { type A } from 'm';
 *   export type { A } from 'm';        export { type A } from 'm';       export type * from 'm';
 *   type T = import('m').A;            type U = typeof import('m');
 *   import X = require('m');           import type X = require('m');    declare module 'm' { ... }
 * Only the layer check uses it; the build never does. It runs on entering the program, before the
 * TypeScript preset (which removes type imports there).
 */
module.exports = function keepTypeImports({ types: t }) {
  const allTypes = (specifiers) =>
    specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
  const typeOnly = (node) => {
    if (t.isImportDeclaration(node)) return node.importKind === 'type' || allTypes(node.specifiers);
    if (t.isExportNamedDeclaration(node))
      return Boolean(node.source) && (node.exportKind === 'type' || allTypes(node.specifiers));
    if (t.isExportAllDeclaration(node)) return node.exportKind === 'type';
    return false;
  };
  /** The module a statement names without importing it the ES way (`import X = require`, `declare module`). */
  const namedModule = (node) => {
    if (t.isTSImportEqualsDeclaration(node) && t.isTSExternalModuleReference(node.moduleReference))
      return node.moduleReference.expression.value;
    if (t.isTSModuleDeclaration(node) && t.isStringLiteral(node.id) && /^\.{1,2}\//.test(node.id.value))
      return node.id.value;
    return null;
  };
  const bare = (source) => t.importDeclaration([], t.stringLiteral(source));
  return {
    visitor: {
      Program: {
        enter(program) {
          for (const statement of program.get('body')) {
            const named = namedModule(statement.node);
            if (named !== null) statement.replaceWith(bare(named));
            else if (typeOnly(statement.node)) statement.replaceWith(bare(statement.node.source.value));
          }
          const typeQueries = new Set();
          program.traverse({
            TSImportType(path) {
              const argument = path.node.argument;
              const source = t.isStringLiteral(argument) ? argument : argument?.literal;
              if (source && typeof source.value === 'string') typeQueries.add(source.value);
            },
          });
          for (const source of typeQueries) program.unshiftContainer('body', bare(source));
        },
      },
    },
  };
};
