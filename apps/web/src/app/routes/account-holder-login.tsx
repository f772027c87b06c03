/** /xd/:uid, the account-holder auto-login (spec 3 section 2.10): on success it shows 'Hello World!'. */
export function Component() {
  return (
    <div className="page">
      <h1 className="page__title">Hello World!</h1>
    </div>
  );
}
