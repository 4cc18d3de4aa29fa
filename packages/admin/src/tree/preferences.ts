/** The tree panel's width and expanded items, remembered per user in local storage. */
export interface TreePreferences {
  width: number;
  expanded: string[];
}

export const DEFAULT_WIDTH = 300;
export const MIN_WIDTH = 220;
export const MAX_WIDTH = 640;

const key = (user: string) => `canopy.tree.${user}`;

export function loadPreferences(user: string): TreePreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(key(user)) ?? 'null') as TreePreferences | null;
    if (stored && typeof stored.width === 'number' && Array.isArray(stored.expanded)) {
      return { width: clampWidth(stored.width), expanded: stored.expanded };
    }
  } catch {
    // A damaged entry: start over.
  }
  return { width: DEFAULT_WIDTH, expanded: [] };
}

export function savePreferences(user: string, preferences: TreePreferences): void {
  localStorage.setItem(key(user), JSON.stringify(preferences));
}

export function clampWidth(width: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)));
}
