import { ServicesPage } from '@/features/services/components/services-page';

export { ServicesPage as Component };
