export type PlaceholderPageProps = { title: string };

/** A page whose content arrives in a later issue: its title only. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
    </div>
  );
}
