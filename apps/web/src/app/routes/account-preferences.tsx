import { PreferencesPage } from '@/features/account/preferences/components/preferences-page';

/** /account/preferences (spec 3 section 2.8). */
export { PreferencesPage as Component };
