/** The title band at the top of inner pages. */
export function PageHeader({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: string }) {
  return (
    <div className="bg-mist">
      <div className="mx-auto max-w-7xl px-4 pt-28 pb-12 md:px-6 md:pt-32">
        {eyebrow ? <p className="text-sm font-semibold tracking-wider text-forest-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-semibold text-ink md:text-5xl">{title}</h1>
        {intro ? <p className="mt-4 max-w-2xl text-lg text-muted">{intro}</p> : null}
      </div>
    </div>
  );
}
