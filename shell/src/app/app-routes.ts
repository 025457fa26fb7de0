/** Every route the shell has mounted (its own and the remotes'), for the layouts' navigation. */
import { createContext, useContext } from 'react';
import type { PageRoute } from '@gestion/shared/react';

export const AppRoutesContext = createContext<readonly PageRoute[]>([]);

export function useAppRoutes(): readonly PageRoute[] {
  return useContext(AppRoutesContext);
}
