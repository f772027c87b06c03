import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { servicesQueryKey } from '@/lib/services-query';
import { prepare } from './prepare';

export type SetNicknameInput = { serviceid: number; nickname: string };
export type SetNicknameResult = { serviceid: number; nickname: string | null };

/**
 * Set a service's nickname ('' removes it): POST .../services/{id}/setnickname/prepare/ with
 * the nickname, then .../commit/ with the nickname and the csrf.
 */
export async function setNickname({
  serviceid,
  nickname,
}: SetNicknameInput): Promise<SetNicknameResult> {
  const csrf = await prepare(buildPath(apiPaths.setNicknamePrepare, { serviceid }), { nickname });
  return apiData<SetNicknameResult>(buildPath(apiPaths.setNicknameCommit, { serviceid }), {
    method: 'POST',
    body: { nickname, csrf },
  });
}

/** Reloads the services list (the only place a nickname shows). */
export function useSetNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNickname,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey, exact: true }),
  });
}
