/** Nesting depth of untrusted trees, measured without recursion so no input can exhaust the stack. */

/**
 * The depth of a tree (1 for a lone object; values that are not objects do not count), with
 * `childrenOf` naming each object's children. Stops counting once past `limit`.
 */
export function nestingDepth(
  root: unknown,
  childrenOf: (node: object) => readonly unknown[],
  limit: number,
): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of childrenOf(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
