import { UsagePage } from '@/features/usage/components/usage-page';

export { UsagePage as Component };
