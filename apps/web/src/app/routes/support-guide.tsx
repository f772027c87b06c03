import { GuidePage } from '@/features/support/components/guide-page';

export { GuidePage as Component };
