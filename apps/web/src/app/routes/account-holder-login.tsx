import { AccountHolderLoginPage } from '@/features/staff/components/account-holder-login-page';

export { AccountHolderLoginPage as Component };
