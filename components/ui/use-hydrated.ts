/**
 * Whether React runs in the browser (issue 23: plain-HTML controls that work without
 * JavaScript and become richer once it runs render their no-script form until then).
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while the server renders and the page hydrates, true once React runs in the browser (JavaScript on). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
