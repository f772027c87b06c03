import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type * as security from '@outpost/contracts/security';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { sendStepUpCode, verifyStepUpCode } from '@/lib/step-up';

/** Account Security's calls (spec 3 section 7; docs/decisions/016). */

const securityKey = ['users', 'current', 'security'] as const;
export const securityQueryKeys = {
  methodOptions: [...securityKey, 'method-options'] as const,
  method: [...securityKey, 'method'] as const,
  twoFactor: [...securityKey, 'two-factor'] as const,
  sessions: [...securityKey, 'sessions'] as const,
};

export function methodOptionsQueryOptions() {
  return queryOptions({
    queryKey: securityQueryKeys.methodOptions,
    queryFn: ({ signal }) =>
      apiData<security.MethodPreferenceOption[]>(apiPaths.methodPreferenceOptions, { signal }),
    staleTime: Infinity,
  });
}

export function methodPreferenceQueryOptions() {
  return queryOptions({
    queryKey: securityQueryKeys.method,
    queryFn: ({ signal }) =>
      apiData<security.MethodPreference>(apiPaths.methodPreference, { signal }),
  });
}

export function twoFactorQueryOptions() {
  return queryOptions({
    queryKey: securityQueryKeys.twoFactor,
    queryFn: ({ signal }) => apiData<security.TwoFactorStatus>(apiPaths.twoFactor, { signal }),
  });
}

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: securityQueryKeys.sessions,
    queryFn: ({ signal }) => apiData<security.SessionItem[]>(apiPaths.sessions, { signal }),
  });
}

export const useMethodOptions = () => useQuery(methodOptionsQueryOptions());
export const useMethodPreference = () => useQuery(methodPreferenceQueryOptions());
export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
export const useSessions = () => useQuery(sessionsQueryOptions());

/** PATCH the identification method; the answer is the new state (never the PIN). */
export function useUpdateMethodPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: security.MethodPreferenceInput) =>
      apiData<security.MethodPreference>(apiPaths.methodPreference, { method: 'PATCH', body }),
    onSuccess: (data) => queryClient.setQueryData(securityQueryKeys.method, data),
  });
}

/** POST: a new authenticator secret, pending until a code confirms it. */
export function useStartAuthenticator() {
  return useMutation({
    mutationFn: () =>
      apiData<security.AuthenticatorSecret>(apiPaths.twoFactorAuthenticator, {
        method: 'POST',
        body: {},
      }),
  });
}

/** PATCH two-factor (needs a fresh step-up; the app's code to enrol the authenticator). */
export function useUpdateTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: security.TwoFactorInput) =>
      apiData<security.TwoFactorStatus>(apiPaths.twoFactor, { method: 'PATCH', body }),
    onSuccess: (data) => queryClient.setQueryData(securityQueryKeys.twoFactor, data),
  });
}

/** POST step-up: sends a one-time code (none for the authenticator app) and says where. */
export function useSendStepUp() {
  return useMutation({
    mutationFn: sendStepUpCode,
  });
}

/** POST step-up verify: a right code lets this session make high-risk changes for 10 minutes. */
export function useVerifyStepUp() {
  return useMutation({
    mutationFn: verifyStepUpCode,
  });
}

/** DELETE one session (sign out that device). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiData<{ ended: true }>(buildPath(apiPaths.session, { sessionid: id }), {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.sessions }),
  });
}

/** POST end-others: sign out every other device. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiData<{ ended: number }>(apiPaths.endOtherSessions, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.sessions }),
  });
}
