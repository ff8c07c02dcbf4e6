/**
 * A Babel plugin for the layer check (.dependency-cruiser.cjs): dependency-cruiser reads TypeScript
 * through Babel, which drops `import type`, yet a type import across layers breaks them as much as a
 * value import. Each type-only import or re-export becomes a bare `import 'module'` for the cruiser
 * to see. Only the layer check uses it; the build never does. It runs on entering the program, before
 * the TypeScript preset (which removes type imports there).
 */
module.exports = function keepTypeImports({ types: t }) {
  const typeOnly = (node) => {
    if (t.isImportDeclaration(node))
      return (
        node.importKind === 'type' ||
        (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))
      );
    if (t.isExportNamedDeclaration(node) || t.isExportAllDeclaration(node))
      return Boolean(node.source) && node.exportKind === 'type';
    return false;
  };
  return {
    visitor: {
      Program: {
        enter(program) {
          for (const statement of program.get('body')) {
            if (typeOnly(statement.node))
              statement.replaceWith(t.importDeclaration([], t.stringLiteral(statement.node.source.value)));
          }
        },
      },
    },
  };
};
