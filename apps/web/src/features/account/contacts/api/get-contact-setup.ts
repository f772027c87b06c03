import { apiPaths } from '@outpost/contracts/api-paths';
import type { PermissionDefinition, Relationship, Role } from '@outpost/contracts/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/**
 * What the wizards are built from: every permission with its section and the level it needs,
 * the roles with their levels, and the relationships each role offers. They change only with a
 * release, so they are read once a visit.
 */
const ONE_HOUR = 60 * 60 * 1000;

/** GET /api/portal/contacts/permissions/: every permission definition. */
export function getPermissionDefinitions(signal?: AbortSignal): Promise<PermissionDefinition[]> {
  return apiData<PermissionDefinition[]>(apiPaths.permissionDefinitions, { signal });
}

export function permissionDefinitionsQueryOptions() {
  return queryOptions({
    queryKey: ['contacts', 'permissions'] as const,
    queryFn: ({ signal }) => getPermissionDefinitions(signal),
    staleTime: ONE_HOUR,
  });
}

export function usePermissionDefinitions() {
  return useQuery(permissionDefinitionsQueryOptions());
}

/** GET /api/portal/contacts/roles/: the roles a contact may be given (edit-users). */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return apiData<Role[]>(apiPaths.roles, { signal });
}

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: ['contacts', 'roles'] as const,
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: ONE_HOUR,
  });
}

export function useRoles() {
  return useQuery(rolesQueryOptions());
}

/** GET /api/portal/contacts/relationships/: the relationships each role offers (edit-users). */
export function getRelationships(signal?: AbortSignal): Promise<Relationship[]> {
  return apiData<Relationship[]>(apiPaths.relationships, { signal });
}

export function relationshipsQueryOptions() {
  return queryOptions({
    queryKey: ['contacts', 'relationships'] as const,
    queryFn: ({ signal }) => getRelationships(signal),
    staleTime: ONE_HOUR,
  });
}

export function useRelationships() {
  return useQuery(relationshipsQueryOptions());
}
