import { CallbackPage } from '@/features/support/components/callback-page';

/** /support/callback: Request a Callback (docs/decisions/017). */
export { CallbackPage as Component };
