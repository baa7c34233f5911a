import Link from "next/link";

/** What a new user sees where there is nothing yet: what this place is for and the next step. */
export function EmptyState({ title, children, action }: { title: string; children: React.ReactNode; action?: { href: string; label: string } }) {
  return (
    <section className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="mx-auto mt-2 max-w-prose text-sm text-slate-600">{children}</div>
      {action ? (
        <Link href={action.href} className="mt-4 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}
