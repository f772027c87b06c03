import { messages } from '@outpost/contracts/messages';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <div className="page page--centered">
      <h1 className="page__title">{messages.notFound}</h1>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
