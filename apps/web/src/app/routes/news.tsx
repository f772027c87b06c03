import { NewsPage } from '@/features/news/components/news-page';

export { NewsPage as Component };
