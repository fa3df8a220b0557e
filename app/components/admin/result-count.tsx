/**
 * How many records an admin list found: '6 cars', or '1 car matches “innova”' during a search. A
 * polite live region, so a search that runs while typing is announced.
 */
export function ResultCount({ total, q, singular, plural }: { total: number; q: string; singular: string; plural: string }) {
  const noun = total === 1 ? singular : plural;
  return (
    <p aria-live="polite" className="text-sm text-muted">
      <span className="font-semibold text-ink tabular-nums">{total.toLocaleString('en-IN')}</span> {noun}
      {q ? (
        <>
          {' '}
          {total === 1 ? 'matches' : 'match'} “<span className="font-medium text-ink">{q}</span>”
        </>
      ) : null}
    </p>
  );
}
