import { GuidesPage } from '@/features/support/components/guides-page';

export { GuidesPage as Component };
