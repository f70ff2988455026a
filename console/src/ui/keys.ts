// j / k (and the arrow keys inside a list) move focus between the rows' links; Enter opens the focused
// one (it is a link). Registered by each list screen for its table.
import { RefObject, useEffect } from 'react';

export function useRowNavigation(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const links = [...(container.current?.querySelectorAll<HTMLElement>('[data-row-link]') ?? [])];
      if (!links.length) return;
      const inList = !!target && links.includes(target);
      const down = event.key === 'j' || (inList && event.key === 'ArrowDown');
      const up = event.key === 'k' || (inList && event.key === 'ArrowUp');
      if (!down && !up) return;
      event.preventDefault();
      const index = inList ? links.indexOf(target) : -1;
      const next = down ? Math.min(index + 1, links.length - 1) : Math.max(index - 1, 0);
      links[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [container]);
}

/** Sets the document title for a screen. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Vigil`;
  }, [title]);
}
