import { messages } from '@outpost/contracts/messages';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';

/**
 * An unknown page (spec 1: 'ERROR 404! Page not found', in the layout the session calls for) with
 * the way back. Loaded only when needed (app/create-routes, app/root): it is in the pages' 'kit'
 * chunk, not the login page's.
 */
export function NotFound() {
  return (
    <div className="page">
      <EmptyState
        kind="not-found"
        titleAs="h1"
        title={messages.notFound}
        action={
          <Link to="/" className="button button--primary">
            Go to the home page
          </Link>
        }
      >
        <p>The link may be old or mistyped, or the page may have moved.</p>
      </EmptyState>
    </div>
  );
}
