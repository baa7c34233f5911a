import Link from "next/link";
import { signOutAction } from "@/lib/accounts/actions/sign-out";
import type { Role } from "@/lib/accounts/roles";

/** Who is signed in, as what, and the way out. Settings opens on what the role can use there. */
export function AccountMenu({ user }: { user: { name: string; role: Role } }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm sm:ml-auto" aria-label="Account" role="group">
      <span className="text-slate-700">
        <span className="font-medium" data-testid="current-user">{user.name}</span>{" "}
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600" data-testid="current-role">{user.role}</span>
      </span>
      <Link href={user.role === "admin" ? "/settings" : "/settings/tokens"} className="text-slate-700 hover:underline">
        Settings
      </Link>
      <form action={signOutAction}>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-100">
          Sign out
        </button>
      </form>
    </div>
  );
}
