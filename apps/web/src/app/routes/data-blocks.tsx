import { DataBlocksPage } from '@/features/services/components/data-blocks-page';

export { DataBlocksPage as Component };
