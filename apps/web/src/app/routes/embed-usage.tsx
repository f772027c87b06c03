import { EmbedUsagePage } from '@/features/usage/components/embed-usage-page';

export { EmbedUsagePage as Component };
