import { ServerActionButton } from '@/components/server-action-button';

/** An account form's Save button, in its row: 'Saving...' and disabled while the change is sent. */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <div className="button-row">
      <ServerActionButton type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </ServerActionButton>
    </div>
  );
}
