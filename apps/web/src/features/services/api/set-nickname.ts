import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { servicesQueryKey } from '@/lib/services-query';
import { prepareCommit } from '@/lib/prepare-commit';

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
  return prepareCommit<SetNicknameResult>({
    prepare: buildPath(apiPaths.setNicknamePrepare, { serviceid }),
    commit: buildPath(apiPaths.setNicknameCommit, { serviceid }),
    body: { nickname },
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
