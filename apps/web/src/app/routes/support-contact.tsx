import { ContactPage } from '@/features/support/components/contact-page';

export { ContactPage as Component };
