import { isAbsolutePath, normalizePath } from '@mcs/kit';
import type { Db } from '../db';
import { childrenOf, countUnder, type FileScope } from './paths.repository';

/** Children listed per level of the tree: an editor's picker, not an inventory. */
const MAX_CHILDREN = 200;

export interface TreeNode {
  name: string;
  path: string;
  item_count: number;
  size_bytes: number;
  has_children: boolean;
  children?: TreeNode[];
}

/**
 * The path helpers of the rule editor (internal-api.md 10): catalog holds the paths, so it
 * answers from its own store, with no filesystem access. Administrators only (domain.md 1.12).
 */
export class PathsService {
  constructor(private readonly deps: { db: Db }) {}

  /** `POST /api/rules/validate-paths`: each prefix normalized, checked and counted. */
  async validate(paths: string[], scope: FileScope) {
    const results = [];
    for (const path of paths) {
      const normalized = normalizePath(path);
      if (!isAbsolutePath(normalized)) {
        results.push({
          path,
          normalized,
          valid: false,
          error: 'Must be an absolute path (/…, //server/… or C:/…).',
          item_count: 0,
          size_bytes: 0,
        });
        continue;
      }
      const count = await countUnder(this.deps.db, normalized, scope);
      results.push({
        path,
        normalized,
        valid: true,
        error: null,
        item_count: count.itemCount,
        size_bytes: count.sizeBytes,
      });
    }
    return { results };
  }

  /** `GET /api/rules/path-tree`: the folders below `prefix`, `depth` levels deep (1…3). */
  async tree(prefix: string | undefined, depth: number, scope: FileScope) {
    const root = prefix === undefined ? '' : normalizePath(prefix);
    return { prefix: root, children: await this.level(root, depth, scope) };
  }

  private async level(prefix: string, depth: number, scope: FileScope): Promise<TreeNode[]> {
    const children = await childrenOf(this.deps.db, prefix, scope, MAX_CHILDREN);
    const nodes: TreeNode[] = [];
    for (const child of children) {
      const path = childPath(prefix, child.name);
      const node: TreeNode = {
        name: child.name,
        path,
        item_count: child.itemCount,
        size_bytes: child.sizeBytes,
        has_children: child.hasChildren,
      };
      if (depth > 1 && child.hasChildren) node.children = await this.level(path, depth - 1, scope);
      nodes.push(node);
    }
    return nodes;
  }
}

/** A Windows drive (`C:`) is a root of its own; any other top segment hangs under `/`. */
function childPath(prefix: string, name: string): string {
  if (prefix === '') return /^[A-Za-z]:$/.test(name) ? name : `/${name}`;
  return prefix === '/' ? `/${name}` : `${prefix}/${name}`;
}
