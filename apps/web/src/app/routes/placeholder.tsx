import { useMatches } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { isRouteHandle } from '../route-handle';

/** Pages owned by later issues: their title only, taken from the route table. */
export function Component() {
  const matches = useMatches();
  const handle = matches
    .map((match) => match.handle)
    .reverse()
    .find(isRouteHandle);
  return <PlaceholderPage title={handle?.title ?? ''} />;
}
