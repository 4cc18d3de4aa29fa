/**
 * `layers/no-upward-import`: a file may import its own floor and the floors below it, never one
 * above. Floors are listed top first, each naming the folders (or top-level files, without
 * extension) of `root`; a folder or file that is on no floor is reported too, so a new one gets
 * its place. Only relative imports are checked: packages (@canopy/core and the rest) sit below.
 */
import path from 'node:path';

const SOURCES = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'];

function topName(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0].replace(/\.(m?[jt]sx?)$/, '');
}

const noUpwardImport = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          floors: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                members: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    ],
    messages: {
      upward:
        "'{{target}}' is on the {{targetFloor}} floor, above {{source}} ({{sourceFloor}}): move what is needed down, or the importer up",
      unplaced: "'{{name}}' is on no floor: add it to the layers in eslint.config.js",
    },
  },
  create(context) {
    const { root: rootOption, floors } = context.options[0];
    const root = path.resolve(context.cwd, rootOption);
    const floorOf = new Map();
    floors.forEach((floor, level) => {
      for (const member of floor.members) floorOf.set(member, { level, name: floor.name });
    });
    const file = context.filename;
    const source = topName(root, file);
    if (source === null) return {};

    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = topName(root, path.resolve(path.dirname(file), spec));
      if (target === null || target === source) return;
      const from = floorOf.get(source);
      const to = floorOf.get(target);
      const unplaced = !from ? source : !to ? target : null;
      if (unplaced)
        return context.report({ node, messageId: 'unplaced', data: { name: unplaced } });
      if (to.level < from.level) {
        context.report({
          node,
          messageId: 'upward',
          data: { target, targetFloor: to.name, source, sourceFloor: from.name },
        });
      }
    }
    return Object.fromEntries([...SOURCES, 'ImportExpression'].map((type) => [type, check]));
  },
};

export default { rules: { 'no-upward-import': noUpwardImport } };
