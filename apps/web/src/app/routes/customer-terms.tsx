import { useLoaderData } from 'react-router';
import { NotFound } from '@/components/not-found';
import { PlaceholderPage } from '@/components/placeholder-page';
import { isNotFoundData } from '../route-handle';

/** /support/{product}-customer-terms; any other /support/<slug> is not found. */
export function Component() {
  const data: unknown = useLoaderData();
  if (isNotFoundData(data)) return <NotFound />;
  return <PlaceholderPage title="Customer Terms" />;
}
