import { Link } from 'react-router';
import { PageHeader } from '../components/ui';

export function NotFoundPage() {
  return (
    <div className="page">
      <PageHeader title="Page not found" subtitle="There is no console page at this address." />
      <p>
        <Link to="/customers">Go to Customers</Link>
      </p>
    </div>
  );
}
