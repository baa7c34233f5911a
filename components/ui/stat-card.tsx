import Link from "next/link";

export function StatCard({ label, value, href }: { label: string; value: number; href: string }) {
  return (
    <Link href={href} className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-400">
      <div className="text-sm text-slate-600">{label}</div>
      <div className="mt-1 text-3xl font-semibold tabular-nums" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {value.toLocaleString("en-US")}
      </div>
    </Link>
  );
}
