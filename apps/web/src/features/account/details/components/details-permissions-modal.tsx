import { messages } from '@outpost/contracts/messages';
import { permissionDefinitions } from '@outpost/contracts/permissions';
import { useId } from 'react';
import { LoadingState } from '@/components/loading-state';
import { Modal } from '@/components/modal';
import { FormAlert } from '@/components/form/form-alert';
import { useCurrentPermissions } from '../api/details-get-permissions';

type Section = { section: string; labels: string[] };

/** The enabled permissions, labelled and grouped by the catalogue's sections, in its order. */
export function permissionSections(enabled: ReadonlySet<string>): Section[] {
  const sections: Section[] = [];
  for (const d of permissionDefinitions) {
    if (!enabled.has(d.permission)) continue;
    const last = sections[sections.length - 1];
    if (last?.section === d.section) last.labels.push(d.label);
    else sections.push({ section: d.section, labels: [d.label] });
  }
  return sections;
}

/**
 * View Permissions (spec 3 section 6): read-only, only the permissions the contact holds now, the
 * ones their role's level allows (the server's answer is already effective).
 */
export function DetailsPermissionsModal({ onClose }: { onClose: () => void }) {
  const ids = useId();
  const permissions = useCurrentPermissions();
  const enabled = new Set(
    (permissions.data ?? []).filter((p) => p.enabled === 1).map((p) => p.permission),
  );
  const sections = permissionSections(enabled);
  return (
    <Modal
      open
      title="View Permissions"
      onClose={onClose}
      initialFocus="title"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {permissions.isPending ? (
        <LoadingState label="Loading your permissions…" />
      ) : permissions.isError ? (
        <FormAlert error={messages.account.loadPage} />
      ) : sections.length === 0 ? (
        <p>You hold no permissions on this account. The account holder can grant them.</p>
      ) : (
        <>
          <p>What you may see and do on this account. The account holder can change these.</p>
          {sections.map((s, i) => (
            <section key={s.section} className="permission-group" aria-labelledby={`${ids}-${i}`}>
              <h3 id={`${ids}-${i}`} className="permission-group__title">
                {s.section}
              </h3>
              <ul className="permission-group__list">
                {s.labels.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </Modal>
  );
}
