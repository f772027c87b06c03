import type { SandboxTestNumber } from '@outpost/contracts/billing';

/** Sandbox mode only: the published test numbers it accepts and what each does. */
export function TestNumbers({
  numbers,
  kind,
}: {
  numbers: readonly SandboxTestNumber[];
  kind: SandboxTestNumber['kind'];
}) {
  const shown = numbers.filter((n) => n.kind === kind);
  if (shown.length === 0) return null;
  return (
    <details className="test-numbers">
      <summary>{kind === 'card' ? 'Test card numbers' : 'Test bank accounts'}</summary>
      <p className="test-numbers__note">
        This is a test gateway: no real money moves. Use any future expiry date and any 3 digit CVC.
      </p>
      <table className="test-numbers__table">
        <caption className="visually-hidden">
          {kind === 'card' ? 'Test card numbers' : 'Test bank accounts'}
        </caption>
        <thead>
          <tr>
            <th scope="col">{kind === 'card' ? 'Card number' : 'BSB and account'}</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((n) => (
            <tr key={n.number}>
              <td>
                <code>{n.number}</code>
              </td>
              <td>{n.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
