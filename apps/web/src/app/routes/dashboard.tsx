import { useProfile } from '@/features/auth/api/get-profile';
import { useSession } from '@/lib/session';

/** The dashboard's greeting; its cards arrive with the dashboard issue. */
export function Component() {
  const { user } = useSession();
  const profile = useProfile();
  return (
    <div className="page">
      <h1 className="page__title">Hi {user?.given_names}</h1>
      <p className="page__subtitle">
        Account ID:{' '}
        <span>{profile.data ? profile.data.account_id : profile.isError ? '–' : '…'}</span>
      </p>
    </div>
  );
}
