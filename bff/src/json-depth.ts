/** How deeply a JSON document the console reads may nest objects and arrays: far more than any of its fields needs. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value nests objects and arrays more than `levels` deep (`{}` and `[]` are one
 * level, `{"a":[]}` two). It walks with a stack of its own rather than recursing, so that no depth can
 * overflow the call stack, and stops at the first container past the limit.
 */
export function isNestedDeeperThan(value: unknown, levels: number): boolean {
  const containers: object[] = [];
  const depths: number[] = [];
  const visit = (item: unknown, depth: number) => {
    if (item === null || typeof item !== 'object') return;
    containers.push(item);
    depths.push(depth);
  };
  visit(value, 1);
  for (let container = containers.pop(); container !== undefined; container = containers.pop()) {
    const depth = depths.pop() ?? 0;
    if (depth > levels) return true;
    const children: unknown[] = Array.isArray(container) ? container : Object.values(container);
    for (const child of children) visit(child, depth + 1);
  }
  return false;
}
