// Filters kept in the URL: a change replaces the history entry (the back button leaves the list,
// not each filter) and drops the page cursor, since a cursor belongs to the filters it was read with.
import { useSearchParams } from 'wouter';

export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>, keepPage = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!keepPage && !('after' in changes)) {
          next.delete('after');
          next.delete('prev');
        }
        return next;
      },
      { replace: true },
    );
  return { params, update };
}
