import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { provisioningKey, refreshProvisioning } from './provisioning-key';

export type PanelServer = PathResult<'/api/admin/provisioning/get-panel-servers'>['items'][number];
export type SavePanelServerInput = PathInput<'/api/admin/provisioning/save-panel-server'>;
export type PanelServerTest = PathResult<'/api/admin/provisioning/test-panel-server'>;

export function panelServersQueryOptions(staffId: string) {
  return queryOptions({
    queryKey: [...provisioningKey(staffId), 'servers'],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/provisioning/get-panel-servers', {}, { signal, silent: true }),
    staleTime: 0,
    // As a list the console's list body reads: the whole list is one page.
    select: (answer) => ({ items: answer.items, total: answer.items.length }),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The panel servers by group, with how many accounts each holds. */
export function usePanelServers(staffId: string) {
  return useQuery(panelServersQueryOptions(staffId));
}

/** Adds a server (no id) or edits one; credentials left out of an edit stay as they were. */
export function useSavePanelServer(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePanelServerInput) =>
      callAsUser('/api/admin/provisioning/save-panel-server', input, { silent: true }),
    onSuccess: () => refreshProvisioning(queryClient, staffId),
  });
}

/** Asks a server's panel who it is: a failed connection is an answer (ok false), not an error. */
export function useTestPanelServer() {
  return useMutation({
    mutationFn: (serverId: string) =>
      callAsUser('/api/admin/provisioning/test-panel-server', { serverId }, { silent: true }),
  });
}
