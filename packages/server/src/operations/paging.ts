/**
 * Lists paged and sorted by the server, for screens with thousands of rows: `limit` and `offset`
 * pick the rows, `sort` and `order` their order, `q` filters by text. The reply is the page as
 * an array; the route sends the number of matching rows in the X-Total-Count header.
 */
import { Type } from 'typebox';

export const MAX_PAGE_SIZE = 500;

/** The query parameters of a paged list sorted by one of `sorts` (spread into a query schema). */
export function pageProperties<S extends string>(sorts: readonly S[]) {
  return {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Rows per page' }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, description: 'Rows to skip' })),
    sort: Type.Optional(Type.String({ enum: [...sorts], description: 'The column to sort by' })),
    order: Type.Optional(Type.String({ enum: ['asc', 'desc'] })),
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Text the rows must contain' })),
  };
}

export interface PageRequest<S extends string = string> {
  limit?: number | undefined;
  offset?: number | undefined;
  sort?: S | string | undefined;
  order?: 'asc' | 'desc' | string | undefined;
  q?: string | undefined;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * One page of rows already filtered in memory: sorted by `sort` (text compared without regard
 * to case, numbers as numbers, nulls last), ties broken by `tie`.
 */
export function pageOf<T>(
  all: T[],
  request: PageRequest,
  sortKey: (row: T, sort: string) => string | number | null,
  defaultSort: string,
  tie: (row: T) => string,
): Page<T> {
  const sort = request.sort ?? defaultSort;
  const direction = request.order === 'desc' ? -1 : 1;
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const sorted = [...all].sort((a, b) => {
    const x = sortKey(a, sort);
    const y = sortKey(b, sort);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      const compared =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : collator.compare(String(x), String(y));
      if (compared !== 0) return compared * direction;
    }
    return tie(a).localeCompare(tie(b));
  });
  const offset = request.offset ?? 0;
  const rows = sorted.slice(
    offset,
    request.limit === undefined ? undefined : offset + request.limit,
  );
  return { rows, total: all.length };
}

/** Whether any of the texts contains `q` (case-insensitive); everything matches an empty q. */
export function matches(q: string | undefined, ...texts: (string | null | undefined)[]): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return texts.some((text) => text?.toLowerCase().includes(needle));
}
