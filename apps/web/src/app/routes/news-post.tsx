import { NewsPostPage } from '@/features/news/components/news-post-page';

export { NewsPostPage as Component };
