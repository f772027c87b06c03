import { apiPaths } from '@outpost/contracts/api-paths';
import type { Preference, UpdatePreferencesInput } from '@outpost/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { preferencesQueryKey } from './preferences-get';

/** PATCH user preferences with a list of {id, data}; the answer is the new list. */
export function updatePreferences(body: UpdatePreferencesInput): Promise<Preference[]> {
  return apiData<Preference[]>(apiPaths.preferences, { method: 'PATCH', body });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (list) => queryClient.setQueryData(preferencesQueryKey, list),
  });
}
