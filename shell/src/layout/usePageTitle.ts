import { useEffect } from 'react';
import type { UIMatch } from 'react-router-dom';

const SHOP_NAME = 'Threadline';

function titleOf(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle) {
    const { title } = handle as { title?: unknown };
    return typeof title === 'string' ? title : undefined;
  }
  return undefined;
}

/** document.title from the deepest route that names one (route `handle.title` or loader data). */
export function usePageTitle(matches: UIMatch[]): void {
  const title = [...matches]
    .reverse()
    .map((match) => titleOf(match.data) ?? titleOf(match.handle))
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${SHOP_NAME}` : `${SHOP_NAME} — clothing & sneakers`;
  }, [title]);
}
