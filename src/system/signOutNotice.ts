/**
 * Why the person was signed out, when the API said so: their access to a company's account was
 * removed. Kept for the sign-in page they land on, until someone signs in on this page again.
 */
export function createSignOutNotice() {
  let removedFrom: string | null = null;
  const listeners = new Set<() => void>();
  const set = (company: string | null) => {
    if (company === removedFrom) return;
    removedFrom = company;
    for (const listener of listeners) listener();
  };
  return {
    /** The company whose team the person was removed from, or null. */
    removedFrom: () => removedFrom,
    accessRemoved: (company: string) => set(company),
    clear: () => set(null),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
